import { SegmentedControl } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PageFrame } from '@/components/ui/page-frame.tsx';
import { InboundTable } from '@/features/postbacks/components/inbound-table.tsx';
import { OutboundTable } from '@/features/postbacks/components/outbound-table.tsx';
import { usePublicSettings } from '@/features/settings/api/get-public-settings.ts';
import { RawDataNote } from '@/features/settings/components/raw-data-note.tsx';
import { useCurrentRole } from '@/lib/session/auth-store.ts';

/** Statistics › Postbacks (staff, scoped): outbound postbacks to affiliates and inbound ones from advertisers. */
export function PostbacksScreen() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'inbound' ? 'inbound' : 'outbound';
  // Dates show in the network's time zone, the one the server cuts the date filter in.
  const timeZone = usePublicSettings().data?.time_zone ?? 'UTC';
  // Team leads cannot list offers, so they get no offer filter.
  const canFilterOffer = useCurrentRole() !== 'team_lead';
  const switchTab = (next: string) =>
    setParams((current) => {
      const out = new URLSearchParams(current);
      out.delete('page');
      out.delete('status');
      if (next === 'inbound') out.set('tab', 'inbound');
      else out.delete('tab');
      return out;
    });
  return (
    <PageFrame>
      <SegmentedControl
        value={tab}
        onChange={switchTab}
        w="fit-content"
        aria-label="Log"
        data={[
          { value: 'outbound', label: 'Outbound' },
          { value: 'inbound', label: 'Inbound' },
        ]}
      />
      <RawDataNote log="postbacks" />
      {tab === 'outbound' ? (
        <OutboundTable timeZone={timeZone} staff canFilterOffer={canFilterOffer} />
      ) : (
        <InboundTable timeZone={timeZone} canFilterOffer={canFilterOffer} />
      )}
    </PageFrame>
  );
}
