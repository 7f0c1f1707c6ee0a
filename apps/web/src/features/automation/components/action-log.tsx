import { useMemo } from 'react';
import { Badge, Button, Stack, Text } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { ACTION_STATUSES, type ActionLogItem } from '@pxl/contract/automation/automation.schemas';
import {
  DataTable,
  dateColumn,
  FilterSelect,
  useDataList,
  type DataColumn,
  type ListConfig,
  type ListStateApi,
} from '@/components/data-table/index.ts';
import { DASH } from '@/components/ui/dash.tsx';
import { useActions, listActions } from '../api/list-actions.ts';
import { useRules } from '../api/list-rules.ts';
import { useUndoAction } from '../api/undo-action.ts';
import { ACTIONS, METRICS, metricValue } from './rule-labels.ts';

export const ACTION_LOG: ListConfig = { filters: ['status', 'rule_uuid'] };

const STATUS_TEXT = { done: 'Done', undone: 'Undone', failed: 'Failed' } as const;
const STATUS_COLORS = { done: 'green', undone: 'gray', failed: 'red' } as const;
const STATUS_OPTIONS = ACTION_STATUSES.map((s) => ({ value: s, label: STATUS_TEXT[s] }));

/** The value that made the rule true in its unit, and what it was compared to: "CR 0.8 % (against 2.1 %)". */
export function figuresText({ figures: f }: ActionLogItem): string {
  const against = f.compared_to === null ? '' : ` (against ${metricValue(f.metric, f.compared_to)})`;
  return `${METRICS[f.metric].label} ${metricValue(f.metric, f.value)}${against}`;
}

/** The figures, then the condition in the server's words ("clicks 0 over 1 min, below 1"). */
function Figures({ item }: { item: ActionLogItem }) {
  return (
    <>
      <Text size="sm">{figuresText(item)}</Text>
      <Text size="xs" c="dimmed">
        {item.figures.condition}
      </Text>
    </>
  );
}

const columns = (timeZone: string): DataColumn<ActionLogItem>[] => [
  dateColumn('created_at', 'When', timeZone),
  { key: 'rule', header: 'Rule', render: (r) => r.rule?.name ?? DASH, exportValue: (r) => r.rule?.name ?? '' },
  {
    key: 'summary',
    header: 'Action',
    render: (r) => (
      <>
        <Text size="sm" fw={500}>
          {ACTIONS[r.type]}
        </Text>
        <Text size="xs" c="dimmed">
          {r.summary}
        </Text>
      </>
    ),
    exportValue: (r) => `${ACTIONS[r.type]}: ${r.summary}`,
  },
  { key: 'subject', header: 'For' },
  {
    key: 'figures',
    header: 'Figures',
    render: (r) => <Figures item={r} />,
    exportValue: (r) => `${figuresText(r)}: ${r.figures.condition}`,
  },
  {
    key: 'status',
    header: 'Status',
    render: (r) => (
      <>
        <Badge variant="light" radius="sm" color={STATUS_COLORS[r.status]} data-status={r.status}>
          {STATUS_TEXT[r.status]}
        </Badge>
        {r.error && (
          <Text size="xs" c="red">
            {r.error}
          </Text>
        )}
      </>
    ),
    exportValue: (r) => (r.error ? `${STATUS_TEXT[r.status]}: ${r.error}` : STATUS_TEXT[r.status]),
  },
  { key: 'by', header: 'By', render: (r) => r.by?.name ?? 'Rule', exportValue: (r) => r.by?.name ?? 'Rule' },
];

function UndoButton({ item }: { item: ActionLogItem }) {
  const undo = useUndoAction();
  if (!item.undoable || item.status !== 'done') return null;
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconArrowBackUp size={14} />}
      loading={undo.isPending}
      aria-label={`Undo ${ACTIONS[item.type].toLowerCase()} for ${item.subject}`}
      onClick={() => undo.mutate(item.uuid)}
    >
      Undo
    </Button>
  );
}

function RuleFilter({ list }: { list: ListStateApi }) {
  const rules = useRules();
  const data = (rules.data?.list ?? []).map((r) => ({ value: r.uuid, label: r.name }));
  // A rule named in the URL before the rules load (or since deleted) still shows as chosen.
  const chosen = list.state.filters.rule_uuid;
  if (chosen && !data.some((o) => o.value === chosen)) data.unshift({ value: chosen, label: chosen.slice(0, 8) });
  return <FilterSelect list={list} name="rule_uuid" label="Rule" data={data} searchable w={220} />;
}

/** What the rules did, newest first, each with its figures and, while in force, a one-click undo. */
export function ActionLog({ timeZone }: { timeZone: string }) {
  const { list, table } = useDataList(ACTION_LOG, useActions, listActions, 'automation-actions');
  const cols = useMemo(() => columns(timeZone), [timeZone]);
  const rules = useRules();
  const ruleName = (uuid: string) => rules.data?.list.find((r) => r.uuid === uuid)?.name ?? uuid.slice(0, 8);
  return (
    <Stack gap="sm" data-testid="action-log">
      <DataTable<ActionLogItem>
        listId="automation-actions"
        columns={cols}
        {...table}
        rowKey={(r) => r.uuid}
        searchable={false}
        filters={
          <>
            <FilterSelect list={list} name="status" label="Status" data={STATUS_OPTIONS} />
            <RuleFilter list={list} />
          </>
        }
        filterLabels={{
          status: (v) => `Status: ${STATUS_TEXT[v as keyof typeof STATUS_TEXT] ?? v}`,
          rule_uuid: (v) => `Rule: ${ruleName(v)}`,
        }}
        rowActions={(r) => <UndoButton item={r} />}
        minWidth={1100}
      />
    </Stack>
  );
}
