import { useMemo } from 'react';
import { CURRENCIES } from '@pxl/contract/constants/constants.data';
import { toOptions } from '@pxl/contract/constants/options';
import { PageFrame } from '@/components/ui/page-frame.tsx';
import { useConstants } from '@/features/constants/api/get-constants.ts';
import { AffiliateDefaultsForm } from '@/features/settings/components/affiliate-defaults-form.tsx';

/** /settings/affiliates: defaults for new affiliates. */
export function AffiliateDefaultsScreen() {
  const constants = useConstants();
  const currencies = useMemo(() => toOptions(constants.data?.currency ?? CURRENCIES), [constants.data]);
  return (
    <PageFrame>
      <AffiliateDefaultsForm currencies={currencies} />
    </PageFrame>
  );
}
