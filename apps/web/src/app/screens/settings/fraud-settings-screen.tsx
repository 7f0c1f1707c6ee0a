import { PageFrame } from '@/components/ui/page-frame.tsx';
import { FraudSettingsForm } from '@/features/fraud/components/fraud-settings-form.tsx';

export function FraudSettingsScreen() {
  return (
    <PageFrame>
      <FraudSettingsForm />
    </PageFrame>
  );
}
