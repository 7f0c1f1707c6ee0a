import { useMemo } from 'react';
import { toOptions } from '@pxl/contract/constants/options';
import { CURRENCIES } from '@pxl/contract/constants/constants.data';
import { PageFrame } from '@/components/ui/page-frame.tsx';
import { useConstants } from '@/features/constants/api/get-constants.ts';
import { GeneralSettingsForm } from '@/features/settings/components/general-settings-form.tsx';
import { LogoSettings } from '@/features/settings/components/logo-settings.tsx';
import { DocumentsForm } from '@/features/documents/components/documents-form.tsx';

export function GeneralSettingsScreen() {
  const constants = useConstants();
  const timeZones = useMemo(() => toOptions(constants.data?.time_zones), [constants.data]);
  const currencies = useMemo(() => toOptions(constants.data?.currency ?? CURRENCIES), [constants.data]);
  return (
    <PageFrame>
      <GeneralSettingsForm timeZones={timeZones} currencies={currencies} />
      <LogoSettings />
      <DocumentsForm />
    </PageFrame>
  );
}
