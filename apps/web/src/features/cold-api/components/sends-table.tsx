import { useCallback, useMemo } from 'react';
import { Anchor, Badge, Text } from '@mantine/core';
import { Link } from 'react-router';
import { SEND_RESULTS, type ColdSend } from '@pxl/contract/cold-api/cold.schemas';
import {
  queryProps,
  dateColumn,
  DataTable,
  FilterSelect,
  useListState,
  type DataColumn,
  type ListConfig,
} from '@/components/data-table/index.ts';
import { CountryFlag } from '@/components/ui/country-flag.tsx';
import { CutText } from '@/components/ui/cut-text.tsx';
import { statusLabel, statusOptions } from '@/lib/labels.ts';
import { listSends, useSends } from '../api/distributions.ts';
import { SendResultBadge, skipReasonText } from './cold-labels.tsx';
import { todayIn } from '@/lib/format/dates.ts';
import { DASH } from '@/components/ui/dash.tsx';

const LIST: ListConfig = { filters: ['result'] };
const RESULT_OPTIONS = statusOptions(SEND_RESULTS);
const LABELS = { result: (v: string) => `Result: ${statusLabel(v)}` };

/** What the send came to, in words: the skip reason, the buyer's error, or the autologin link it gave. */
const detailText = (s: ColdSend): string =>
  s.skip_reason ? skipReasonText(s.skip_reason) : (s.error ?? s.autologin_url ?? '');

function Detail({ send }: { send: ColdSend }) {
  if (send.skip_reason)
    return (
      <Text span size="sm" c="dimmed">
        {skipReasonText(send.skip_reason)}
      </Text>
    );
  if (send.error)
    return (
      <Text span size="sm" c="red.7">
        <CutText text={send.error} length={48} />
      </Text>
    );
  if (send.autologin_url)
    return (
      <Anchor href={send.autologin_url} target="_blank" rel="noreferrer noopener" size="sm">
        Autologin
      </Anchor>
    );
  return DASH;
}

/** The statistics log of user sessions on the day of the send, searched for the copy. */
const sessionLogPath = (s: ColdSend, timeZone: string) => {
  const day = todayIn(timeZone, new Date(s.at));
  const query = new URLSearchParams({ search: s.session_uuid ?? '', date_from: day, date_to: day, tz: timeZone });
  return `/statistic/api/user-session?${query}`;
};

const sendColumns = (timeZone: string): DataColumn<ColdSend>[] => [
  dateColumn('at', 'Time', timeZone, { width: 110 }),
  {
    key: 'lead',
    header: 'Lead',
    render: (s) => <CutText text={s.lead.email ?? s.lead.uuid} length={32} />,
    exportValue: (s) => s.lead.email ?? s.lead.uuid,
  },
  {
    key: 'country',
    header: 'Geo',
    width: 70,
    render: (s) => (s.lead.country ? <CountryFlag code={s.lead.country} /> : DASH),
    exportValue: (s) => s.lead.country ?? '',
  },
  {
    key: 'product',
    header: 'Product',
    render: (s) => (s.product ? <CutText text={s.product.name} length={28} /> : DASH),
    exportValue: (s) => s.product?.name ?? '',
  },
  {
    key: 'result',
    header: 'Result',
    render: (s) => <SendResultBadge result={s.result} />,
    exportValue: (s) => statusLabel(s.result),
  },
  { key: 'detail', header: 'Detail', render: (s) => <Detail send={s} />, exportValue: detailText },
  {
    key: 'is_ftd',
    header: 'FTD',
    width: 60,
    render: (s) =>
      s.is_ftd ? (
        <Badge color="green" variant="filled" radius="sm">
          FTD
        </Badge>
      ) : (
        DASH
      ),
    exportValue: (s) => (s.is_ftd ? 'Yes' : ''),
  },
  {
    key: 'session_uuid',
    header: 'User session',
    // The copy the send made is an ordinary user session: the statistics log shows its attempts and statuses.
    render: (s) =>
      s.session_uuid ? (
        <Anchor component={Link} to={sessionLogPath(s, timeZone)} size="sm" ff="monospace">
          {s.session_uuid.slice(0, 8)}
        </Anchor>
      ) : (
        DASH
      ),
    exportValue: (s) => s.session_uuid ?? '',
  },
  {
    key: 'lead_uuid',
    header: 'Stored lead ID',
    hidden: true,
    render: (s) => s.lead.uuid,
    exportValue: (s) => s.lead.uuid,
  },
];

/** Every send of a distribution, newest first; asked again every two seconds while it runs. */
export function SendsTable({ uuid, running, timeZone }: { uuid: string; running: boolean; timeZone: string }) {
  const list = useListState(LIST);
  const sends = useSends(uuid, list.query, running);
  const columns = useMemo(() => sendColumns(timeZone), [timeZone]);
  const fetchPage = useCallback(
    (page: number, count: number) => listSends(uuid, { ...list.query, page, count }),
    [uuid, list.query],
  );
  return (
    <DataTable<ColdSend>
      listId="cold-sends"
      {...queryProps(sends)}
      searchable={false}
      columns={columns}
      list={list}
      rowKey={(s) => s.uuid}
      filters={<FilterSelect list={list} name="result" label="Result" data={RESULT_OPTIONS} w={150} />}
      filterLabels={LABELS}
      exportSource={{ filename: 're-cold-api-sends', fetchPage }}
      minWidth={900}
    />
  );
}
