import type { OutboundPostback } from '@pxl/contract/postbacks/postbacks.schemas';
import type { DataColumn } from '@/components/data-table/index.ts';
import { CutText } from '@/components/ui/cut-text.tsx';
import { eventLabel, offerText, OutboundPostbackStatusCell, StatusCode } from './postback-labels.tsx';
import { dateColumn } from '@/components/data-table/index.ts';
import { DASH } from '@/components/ui/dash.tsx';

/** Columns of the outbound log; staff also see the affiliate the postback went to. */
export const outboundColumns = (timeZone: string, staff: boolean): DataColumn<OutboundPostback>[] => [
  dateColumn('created_at', 'Time', timeZone, { width: 110 }),
  { key: 'event', header: 'Event', render: (p) => eventLabel(p.event), exportValue: (p) => p.event },
  ...(staff
    ? [
        {
          key: 'affiliate',
          header: 'Affiliate',
          render: (p: OutboundPostback) => <CutText text={p.affiliate.name || p.affiliate.email} length={24} />,
          exportValue: (p: OutboundPostback) => p.affiliate.email,
        },
      ]
    : []),
  {
    key: 'offer',
    header: 'Offer',
    render: (p) => (p.offer ? <CutText text={offerText(p.offer)} length={28} /> : DASH),
    exportValue: (p) => offerText(p.offer),
  },
  { key: 'url', header: 'URL', render: (p) => <CutText text={p.url} length={40} /> },
  { key: 'status', header: 'Status', render: (p) => <OutboundPostbackStatusCell status={p.status} /> },
  { key: 'attempts_count', header: 'Attempts', width: 80 },
  { key: 'last_status_code', header: 'Last code', width: 90, render: (p) => <StatusCode code={p.last_status_code} /> },
  { key: 'conversion_uuid', header: 'Conversion', hidden: true },
];
