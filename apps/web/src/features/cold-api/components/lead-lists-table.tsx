import { useMemo, useState } from 'react';
import { Menu, Text } from '@mantine/core';
import { IconEdit, IconList, IconPlus, IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { LEAD_LIST_SORTS, type LeadList } from '@pxl/contract/cold-api/cold.schemas';
import {
  ConfirmModal,
  DataTable,
  dateColumn,
  DateRangeFilter,
  RecordLink,
  RowMenu,
  useDataList,
  type DataColumn,
  type ListConfig,
} from '@/components/data-table/index.ts';
import { notifySuccess } from '@/lib/notifications/notification-store.ts';
import { listLeadLists, useDeleteLeadList, useLeadLists } from '../api/lead-lists.ts';
import { addPath, detailsPath, SOURCE_LABELS } from './cold-labels.tsx';
import { LeadListForm } from './lead-list-form.tsx';
import { formatCount } from '@/lib/format/numbers.ts';
import { DASH } from '@/components/ui/dash.tsx';

const LIST: ListConfig = { filters: ['created_from', 'created_to'], sorts: LEAD_LIST_SORTS, defaultSort: 'created_at' };
const LABELS = { created_from: (v: string) => `Created from ${v}`, created_to: (v: string) => `Created to ${v}` };

const listColumns = (timeZone: string): DataColumn<LeadList>[] => [
  {
    key: 'title',
    header: 'Title',
    sortable: true,
    render: (l) => <RecordLink to={detailsPath(l.uuid, l.source)}>{l.title}</RecordLink>,
  },
  {
    key: 'source',
    header: 'Source',
    render: (l) => SOURCE_LABELS[l.source],
    exportValue: (l) => SOURCE_LABELS[l.source],
  },
  {
    key: 'leads',
    header: 'Leads',
    render: (l) => (
      <Text span size="sm" fw={600}>
        {formatCount(l.leads)}
      </Text>
    ),
  },
  { key: 'user_sessions', header: 'User sessions', render: (l) => formatCount(l.user_sessions) },
  { key: 'conversions', header: 'Conversions', render: (l) => formatCount(l.conversions) },
  {
    key: 'created_by',
    header: 'Created by',
    render: (l) => l.created_by?.name ?? DASH,
    exportValue: (l) => l.created_by?.name ?? '',
  },
  dateColumn('created_at', 'Created', timeZone, { sortable: true }),
];

function RowActions({ l, onRename, onDelete }: { l: LeadList; onRename: () => void; onDelete: () => void }) {
  const navigate = useNavigate();
  return (
    <RowMenu label={`Actions for ${l.title}`}>
      <Menu.Item leftSection={<IconPlus size={14} />} onClick={() => navigate(addPath(l.uuid, l.source))}>
        Add leads
      </Menu.Item>
      <Menu.Item leftSection={<IconList size={14} />} onClick={() => navigate(detailsPath(l.uuid, l.source))}>
        Details
      </Menu.Item>
      <Menu.Item leftSection={<IconEdit size={14} />} onClick={onRename}>
        Rename
      </Menu.Item>
      <Menu.Item leftSection={<IconTrash size={14} />} color="red" onClick={onDelete}>
        Delete
      </Menu.Item>
    </RowMenu>
  );
}

function DeleteList({ l, onClose }: { l: LeadList; onClose: () => void }) {
  const remove = useDeleteLeadList();
  return (
    <ConfirmModal
      opened
      title="Delete lead list"
      confirmLabel="Delete"
      loading={remove.isPending}
      text={`Delete "${l.title}" and its ${formatCount(l.leads)} leads? The stored leads themselves stay.`}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(l.uuid, {
          onSuccess: () => {
            notifySuccess(`Lead list ${l.title} deleted`);
            onClose();
          },
        })
      }
    />
  );
}

/** Lead lists with their counts. */
export function LeadListsTable({ timeZone }: { timeZone: string }) {
  const { list, table } = useDataList(LIST, useLeadLists, listLeadLists, 'lead-lists');
  const [renaming, setRenaming] = useState<LeadList | null>(null);
  const [deleting, setDeleting] = useState<LeadList | null>(null);
  const columns = useMemo(() => listColumns(timeZone), [timeZone]);
  return (
    <>
      <DataTable<LeadList>
        listId="cold-lead-lists"
        {...table}
        columns={columns}
        rowKey={(l) => l.uuid}
        searchPlaceholder="Title"
        filters={<DateRangeFilter list={list} label="Created" />}
        filterLabels={LABELS}
        rowActions={(l) => <RowActions l={l} onRename={() => setRenaming(l)} onDelete={() => setDeleting(l)} />}
        minWidth={900}
      />
      {renaming && <LeadListForm key={renaming.uuid} list={renaming} onClose={() => setRenaming(null)} />}
      {deleting && <DeleteList key={deleting.uuid} l={deleting} onClose={() => setDeleting(null)} />}
    </>
  );
}
