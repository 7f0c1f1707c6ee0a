import { SignupForm } from '@/features/auth/components/signup-form.tsx';
import { AuthLayout } from '@/app/layouts/auth-layout.tsx';

export function SignupScreen() {
  return (
    <AuthLayout title="Create an account" width={520}>
      <SignupForm />
    </AuthLayout>
  );
}
