import { useCallback, useMemo, useState } from 'react';
import { Anchor, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { ColdSource, LeadList, ListLead } from '@pxl/contract/cold-api/cold.schemas';
import { formatDateLine } from '@pxl/contract/format/date';
import {
  queryProps,
  dateColumn,
  ConfirmModal,
  DataTable,
  useListState,
  type DataColumn,
  type ListConfig,
} from '@/components/data-table/index.ts';
import { CutText } from '@/components/ui/cut-text.tsx';
import { statusLabel } from '@/lib/labels.ts';
import { notifySuccess } from '@/lib/notifications/notification-store.ts';
import { listListLeads, useListLeads, useRemoveLeads } from '../api/lead-lists.ts';
import { AddJobProgress } from './add-job-progress.tsx';
import { addPath, distributionPath, SendResultBadge, skipReasonText } from './cold-labels.tsx';
import { leadColumns, selectColumn } from './lead-columns.tsx';
import { PageSelection } from './page-selection.tsx';
import { useSelection } from './use-selection.ts';
import { formatCount } from '@/lib/format/numbers.ts';
import { DASH } from '@/components/ui/dash.tsx';

const LIST: ListConfig = {};

const lastSendText = (r: ListLead, timeZone: string) =>
  r.last_send
    ? [
        statusLabel(r.last_send.result),
        r.last_send.distribution.title,
        r.last_send.product?.name,
        formatDateLine(r.last_send.at, timeZone),
        r.last_send.result === 'skipped' ? skipReasonText(r.last_send.detail) : r.last_send.detail,
      ]
        .filter(Boolean)
        .join(' · ')
    : '';

function LastSend({ r }: { r: ListLead }) {
  const s = r.last_send;
  if (!s) return DASH;
  const detail = s.result === 'skipped' ? skipReasonText(s.detail) : s.detail;
  return (
    <Group gap={6} wrap="nowrap">
      <Tooltip label={detail || statusLabel(s.result)} withArrow disabled={!detail}>
        <span>
          <SendResultBadge result={s.result} />
        </span>
      </Tooltip>
      <Stack gap={0} style={{ whiteSpace: 'nowrap' }}>
        <Anchor component={Link} to={distributionPath(s.distribution.uuid)} size="xs">
          <CutText text={s.distribution.title} length={40} />
        </Anchor>
        {s.product && (
          <Text size="xs" c="dimmed">
            <CutText text={s.product.name} length={28} />
          </Text>
        )}
      </Stack>
    </Group>
  );
}

/** The details page of a list: its leads of one tab with their last re-send; tick and remove; export. */
export function ListLeadsTable({
  leadList,
  source,
  timeZone,
}: {
  leadList: LeadList;
  source: ColdSource;
  timeZone: string;
}) {
  const list = useListState(LIST);
  const rows = useListLeads(leadList.uuid, source, list.query);
  const selection = useSelection();
  const remove = useRemoveLeads(leadList.uuid);
  const [confirming, setConfirming] = useState(false);
  // The last re-send is what this page is for: it comes right after the lead's own status, and the reason and
  // product of the first sending wait in the column chooser.
  const columns = useMemo<DataColumn<ListLead>[]>(
    () => [
      selectColumn<ListLead>(selection),
      ...leadColumns<ListLead>(source, timeZone, {
        hidden: ['reason', 'product', 'call_status'],
        after: [
          {
            key: 'last_send',
            header: 'Last re-send',
            render: (r) => <LastSend r={r} />,
            exportValue: (r) => lastSendText(r, timeZone),
          },
        ],
      }),
      dateColumn('added_at', 'Added', timeZone, { width: 110, hidden: true }),
    ],
    [selection, source, timeZone],
  );
  const fetchPage = useCallback(
    (page: number, count: number) => listListLeads(leadList.uuid, source, { ...list.query, page, count }),
    [leadList.uuid, source, list.query],
  );
  const shown = rows.data?.list ?? [];
  return (
    <Stack gap="sm">
      <Paper withBorder radius="md" p="sm">
        <Group justify="space-between" wrap="wrap">
          <Group gap="lg">
            <Text fw={600}>{leadList.title}</Text>
            <Text size="sm" c="dimmed" data-testid="list-counts">
              {formatCount(leadList.leads)} leads · {formatCount(leadList.user_sessions)} user sessions ·{' '}
              {formatCount(leadList.conversions)} conversions
            </Text>
          </Group>
          <Button
            component={Link}
            to={addPath(leadList.uuid, source)}
            variant="light"
            leftSection={<IconPlus size={16} />}
          >
            Add leads
          </Button>
        </Group>
      </Paper>
      {leadList.job?.state === 'running' && <AddJobProgress job={leadList.job} />}
      <Group justify="space-between" wrap="wrap" gap="sm">
        <PageSelection selection={selection} page={shown} />
        <Button
          color="red"
          variant="light"
          leftSection={<IconTrash size={16} />}
          disabled={selection.size === 0}
          onClick={() => setConfirming(true)}
        >
          Remove selected ({formatCount(selection.size)})
        </Button>
      </Group>
      <DataTable<ListLead>
        listId={`cold-list-leads-${source}`}
        {...queryProps(rows)}
        columns={columns}
        list={list}
        rowKey={(r) => r.uuid}
        searchPlaceholder="Email, phone, IP or lead ID"
        exportSource={{ filename: `lead-list-${leadList.title}`, fetchPage }}
        minWidth={1200}
      />
      <ConfirmModal
        opened={confirming}
        title="Remove leads"
        confirmLabel="Remove"
        loading={remove.isPending}
        text={`Take ${formatCount(selection.size)} leads out of "${leadList.title}"? The stored leads themselves stay.`}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(
            { source, lead_uuids: selection.uuids() },
            {
              onSuccess: (r) => {
                notifySuccess(`${formatCount(r.removed)} leads removed from ${leadList.title}`);
                selection.clear();
                setConfirming(false);
              },
            },
          )
        }
      />
    </Stack>
  );
}
