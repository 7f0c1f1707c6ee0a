import { PageFrame } from '@/components/ui/page-frame.tsx';
import { RegistrationSettingsForm } from '@/features/settings/components/registration-settings-form.tsx';

export function RegistrationSettingsScreen() {
  return (
    <PageFrame>
      <RegistrationSettingsForm />
    </PageFrame>
  );
}
