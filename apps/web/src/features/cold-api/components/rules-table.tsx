import { useMemo, useState } from 'react';
import { Group, Menu, Text } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { RULE_SORTS, type ColdRule } from '@pxl/contract/cold-api/cold.schemas';
import {
  ConfirmModal,
  DataTable,
  dateColumn,
  RowMenu,
  useDataList,
  type DataColumn,
  type ListConfig,
} from '@/components/data-table/index.ts';
import { CutText } from '@/components/ui/cut-text.tsx';
import { isApiError } from '@/lib/http/api-error.ts';
import { notifySuccess } from '@/lib/notifications/notification-store.ts';
import { listRules, useDeleteRule, useRules } from '../api/rules.ts';

import { RuleForm } from './rule-form.tsx';
import { DASH } from '@/components/ui/dash.tsx';

const LIST: ListConfig = { sorts: RULE_SORTS, defaultSort: 'created_at' };
const yes = (v: boolean) => (v ? 'Yes' : 'No');

const ruleColumns = (timeZone: string, onEdit: (r: ColdRule) => void): DataColumn<ColdRule>[] => [
  {
    key: 'name',
    header: 'Name',
    sortable: true,
    render: (r) => (
      <Text span size="sm" fw={500} c="blue" style={{ cursor: 'pointer' }} onClick={() => onEdit(r)}>
        {r.name}
      </Text>
    ),
  },
  { key: 'max_resends', header: 'Max re-sends' },
  { key: 'min_days_between', header: 'Days between' },
  {
    key: 'never_same_product',
    header: 'Never same product',
    render: (r) => yes(r.never_same_product),
    exportValue: (r) => yes(r.never_same_product),
  },
  { key: 'skip_ftd', header: 'Skip FTD', render: (r) => yes(r.skip_ftd), exportValue: (r) => yes(r.skip_ftd) },
  {
    key: 'geos',
    header: 'Countries',
    render: (r) =>
      r.geos.length ? (
        <CutText text={r.geos.join(', ')} length={24} />
      ) : (
        <Text span c="dimmed" size="sm">
          Any
        </Text>
      ),
    exportValue: (r) => r.geos.join(', '),
  },
  {
    key: 'ip',
    header: 'IP sent',
    render: (r) => (r.send_original_ip ? 'Original' : (r.neutral_ip ?? '')),
    exportValue: (r) => (r.send_original_ip ? 'Original' : (r.neutral_ip ?? '')),
  },
  {
    key: 'regenerate_password',
    header: 'New password',
    render: (r) => yes(r.regenerate_password),
    exportValue: (r) => yes(r.regenerate_password),
  },
  {
    key: 'funnel',
    header: 'Funnel',
    render: (r) => (r.funnel ? <CutText text={r.funnel} length={20} /> : DASH),
    exportValue: (r) => r.funnel ?? '',
  },
  { key: 'distributions', header: 'Used by' },
  dateColumn('created_at', 'Created', timeZone, { sortable: true }),
];

function DeleteRule({ rule, onClose }: { rule: ColdRule; onClose: () => void }) {
  const remove = useDeleteRule();
  const refusal = remove.error && isApiError(remove.error) ? Object.values(remove.error.fields)[0] : null;
  return (
    <ConfirmModal
      opened
      title="Delete rule"
      confirmLabel="Delete"
      loading={remove.isPending}
      text={refusal ?? `Delete the rule "${rule.name}"?`}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(rule.uuid, {
          onSuccess: () => {
            notifySuccess(`Rule ${rule.name} deleted`);
            onClose();
          },
        })
      }
    />
  );
}

/** Re-send rules; one a distribution uses cannot be deleted (the server says which). */
export function RulesTable({ timeZone }: { timeZone: string }) {
  const { table } = useDataList(LIST, useRules, listRules, 'cold-rules');
  const [editing, setEditing] = useState<ColdRule | null>(null);
  const [deleting, setDeleting] = useState<ColdRule | null>(null);
  const columns = useMemo(() => ruleColumns(timeZone, setEditing), [timeZone]);
  return (
    <>
      <DataTable<ColdRule>
        listId="cold-rules"
        {...table}
        columns={columns}
        rowKey={(r) => r.uuid}
        searchPlaceholder="Name"
        rowActions={(r) => (
          <Group justify="flex-end">
            <RowMenu label={`Actions for ${r.name}`}>
              <Menu.Item leftSection={<IconEdit size={14} />} onClick={() => setEditing(r)}>
                Edit
              </Menu.Item>
              <Menu.Item leftSection={<IconTrash size={14} />} color="red" onClick={() => setDeleting(r)}>
                Delete
              </Menu.Item>
            </RowMenu>
          </Group>
        )}
        minWidth={1100}
      />
      {editing && <RuleForm key={editing.uuid} rule={editing} onClose={() => setEditing(null)} />}
      {deleting && <DeleteRule key={deleting.uuid} rule={deleting} onClose={() => setDeleting(null)} />}
    </>
  );
}
