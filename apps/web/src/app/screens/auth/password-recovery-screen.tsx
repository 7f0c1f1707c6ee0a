import { useSearchParams } from 'react-router';
import { PasswordResetForm } from '@/features/auth/components/password-reset-form.tsx';
import { RecoveryRequestForm } from '@/features/auth/components/recovery-request-form.tsx';
import { AuthLayout } from '@/app/layouts/auth-layout.tsx';

/** Without a token: ask for a link. With ?token= (the emailed link): set the new password. */
export function PasswordRecoveryScreen() {
  const [search] = useSearchParams();
  const token = search.get('token');
  return (
    <AuthLayout title={token ? 'Set a new password' : 'Password recovery'}>
      {token ? <PasswordResetForm token={token} /> : <RecoveryRequestForm />}
    </AuthLayout>
  );
}
