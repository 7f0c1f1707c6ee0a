import { MACROS } from '@pxl/contract/constants/constants.data';
import { PageFrame } from '@/components/ui/page-frame.tsx';
import { useConstants } from '@/features/constants/api/get-constants.ts';
import { TrafficbackForm } from '@/features/tracking-settings/components/trafficback-form.tsx';

/** Settings › Trafficback (docs/product/settings.md): the global URL and the reasons that use it. */
export function TrafficbackSettingsScreen() {
  // Until the constants arrive, the contract's own list says the same.
  const macros = useConstants().data?.macros ?? MACROS;
  return (
    <PageFrame>
      <TrafficbackForm macros={macros} />
    </PageFrame>
  );
}
