import { LoginForm } from '@/features/auth/components/login-form.tsx';
import { AuthLayout } from '@/app/layouts/auth-layout.tsx';

export function LoginScreen() {
  return (
    <AuthLayout title="Sign in">
      <LoginForm />
    </AuthLayout>
  );
}
