import { Badge } from '@mantine/core';
import type { InboundPostback } from '@pxl/contract/postbacks/postbacks.schemas';
import type { DataColumn } from '@/components/data-table/index.ts';
import { CutText } from '@/components/ui/cut-text.tsx';
import { offerText, StatusCode } from './postback-labels.tsx';
import { dateColumn } from '@/components/data-table/index.ts';
import { DASH } from '@/components/ui/dash.tsx';

export const paramsText = (params: InboundPostback['params']): string =>
  Object.entries(params)
    .map(([k, v]) => `${k}=${v}`)
    .join('&');

type Ref = { name: string; email: string } | null;
const refCell = (ref: Ref) => (ref ? <CutText text={ref.name || ref.email} length={22} /> : DASH);

/** Columns of the inbound log: what the advertiser sent and what we answered. */
export const inboundColumns = (timeZone: string): DataColumn<InboundPostback>[] => [
  dateColumn('created_at', 'Time', timeZone, { width: 110 }),
  {
    key: 'method',
    header: 'Method',
    width: 70,
    render: (p) => (
      <Badge variant="outline" color="gray" radius="sm">
        {p.method}
      </Badge>
    ),
  },
  { key: 'ip', header: 'IP' },
  {
    key: 'advertiser',
    header: 'Advertiser',
    render: (p) => refCell(p.advertiser),
    exportValue: (p) => p.advertiser?.email ?? '',
  },
  {
    key: 'affiliate',
    header: 'Affiliate',
    render: (p) => refCell(p.affiliate),
    exportValue: (p) => p.affiliate?.email ?? '',
  },
  {
    key: 'offer',
    header: 'Offer',
    render: (p) => (p.offer ? <CutText text={offerText(p.offer)} length={24} /> : DASH),
    exportValue: (p) => offerText(p.offer),
  },
  {
    key: 'click_id',
    header: 'Click ID',
    render: (p) => (p.click_id ? <CutText text={p.click_id} length={14} /> : DASH),
  },
  { key: 'status_code', header: 'Code', width: 70, render: (p) => <StatusCode code={p.status_code} /> },
  {
    key: 'params',
    header: 'Params',
    render: (p) => <CutText text={paramsText(p.params)} length={30} />,
    exportValue: (p) => paramsText(p.params),
  },
  {
    key: 'response',
    header: 'Response',
    hidden: true,
    render: (p) => <CutText text={JSON.stringify(p.response)} length={40} />,
    exportValue: (p) => JSON.stringify(p.response),
  },
  { key: 'conversion_uuid', header: 'Conversion', hidden: true },
];
