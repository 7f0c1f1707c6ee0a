import { useMemo } from 'react';
import {
  MAIL_STATUSES,
  MAIL_STATUS_LABELS,
  MAIL_TEMPLATES,
  MAIL_TEMPLATE_LABELS,
  type MailLogEntry,
  type MailStatus,
  type MailTemplate,
} from '@pxl/contract/mail/mail.schemas';
import {
  dateColumn,
  DataTable,
  FilterSelect,
  useListState,
  type DataColumn,
  type ListConfig,
} from '@/components/data-table/index.ts';
import { CutText } from '@/components/ui/cut-text.tsx';
import { DateCell } from '@/components/ui/date-cell.tsx';
import { statusOptions } from '@/lib/labels.ts';
import { useMailLog, type MailLogQuery } from '../api/get-mail-log.ts';
import { DASH } from '@/components/ui/dash.tsx';

const LIST: ListConfig = { filters: ['status', 'template'] };
const STATUS_OPTIONS = statusOptions(MAIL_STATUSES, (s) => MAIL_STATUS_LABELS[s as MailStatus]);
const TEMPLATE_OPTIONS = statusOptions(MAIL_TEMPLATES, (t) => MAIL_TEMPLATE_LABELS[t as MailTemplate]);
const FILTER_LABELS: Record<string, (value: string) => string> = {
  status: (v) => `Status: ${MAIL_STATUS_LABELS[v as MailStatus] ?? v}`,
  template: (v) => `Template: ${MAIL_TEMPLATE_LABELS[v as MailTemplate] ?? v}`,
};
const columns = (timeZone: string): DataColumn<MailLogEntry>[] => [
  dateColumn('created_at', 'Created', timeZone, { width: 110 }),
  { key: 'to', header: 'To' },
  { key: 'subject', header: 'Subject', render: (m) => <CutText text={m.subject} length={40} /> },
  { key: 'template', header: 'Template', render: (m) => MAIL_TEMPLATE_LABELS[m.template] },
  { key: 'status', header: 'Status', render: (m) => MAIL_STATUS_LABELS[m.status] },
  { key: 'attempts', header: 'Attempts' },
  {
    key: 'last_error',
    header: 'Last error',
    render: (m) => (m.last_error ? <CutText text={m.last_error} length={50} /> : DASH),
  },
  {
    key: 'sent_at',
    header: 'Sent',
    width: 110,
    render: (m) => (m.sent_at ? <DateCell value={m.sent_at} timeZone={timeZone} /> : DASH),
  },
];

/** Every mail the panel sent or holds (GET /api/mail/v1/log), without bodies; search by recipient. */
export function MailLogTable({ timeZone }: { timeZone: string }) {
  const list = useListState(LIST);
  const { page, count, filters, search } = list.state;
  const query = useMemo<MailLogQuery>(
    () => ({
      page,
      count,
      ...((MAIL_STATUSES as readonly string[]).includes(filters.status ?? '') && {
        status: filters.status as MailStatus,
      }),
      ...((MAIL_TEMPLATES as readonly string[]).includes(filters.template ?? '') && {
        template: filters.template as MailTemplate,
      }),
      ...(search && { search }),
    }),
    [page, count, filters, search],
  );
  const log = useMailLog(query);
  const cols = useMemo(() => columns(timeZone), [timeZone]);
  return (
    <DataTable<MailLogEntry>
      listId="mail-log"
      failed={log.isError}
      onRetry={() => void log.refetch()}
      searchPlaceholder="Search by address"
      columns={cols}
      list={list}
      data={log.data}
      loading={log.isPending}
      rowKey={(m) => m.uuid}
      filters={
        <>
          <FilterSelect list={list} name="status" label="Status" data={STATUS_OPTIONS} w={240} />
          <FilterSelect list={list} name="template" label="Template" data={TEMPLATE_OPTIONS} w={200} />
        </>
      }
      filterLabels={FILTER_LABELS}
      minWidth={1000}
    />
  );
}
