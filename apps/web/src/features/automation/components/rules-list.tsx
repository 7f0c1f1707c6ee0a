import { useState } from 'react';
import { Badge, Group, Menu, Switch, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconChartLine, IconEdit, IconTrash } from '@tabler/icons-react';
import { automationRuleInputSchema, type AutomationRule } from '@pxl/contract/automation/automation.schemas';
import { ConfirmModal, RowMenu } from '@/components/data-table/index.ts';
import { DASH } from '@/components/ui/dash.tsx';
import { DateCell } from '@/components/ui/date-cell.tsx';
import { NoneText } from '@/components/ui/plain-table.tsx';
import { notifySuccess } from '@/lib/notifications/notification-store.ts';
import { useDeleteRule } from '../api/delete-rule.ts';
import { useRules } from '../api/list-rules.ts';
import { useSaveRule } from '../api/save-rule.ts';
import { ACTIONS, conditionText } from './rule-labels.ts';
import { RuleForm } from './rule-form.tsx';
import { ScopeText } from './scope-text.tsx';

/** On or off in one click: the whole rule is sent again with the flag changed (a change replaces the rule). */
function EnabledSwitch({ rule }: { rule: AutomationRule }) {
  const save = useSaveRule(rule.uuid);
  return (
    <Switch
      aria-label={`${rule.name} enabled`}
      checked={save.isPending ? !rule.enabled : rule.enabled}
      disabled={save.isPending}
      onChange={(e) => {
        const enabled = e.currentTarget.checked;
        save.mutate(automationRuleInputSchema.parse({ ...rule, enabled }), {
          onSuccess: () => notifySuccess(`Rule ${rule.name} ${enabled ? 'enabled' : 'disabled'}`),
        });
      }}
    />
  );
}

function DeleteRule({ rule, onClose }: { rule: AutomationRule; onClose: () => void }) {
  const remove = useDeleteRule();
  return (
    <ConfirmModal
      opened
      title="Delete rule"
      confirmLabel="Delete"
      loading={remove.isPending}
      text={`Delete the rule "${rule.name}"? What it did stays in the action log.`}
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

type Props = { timeZone: string; onBacktest: (rule: AutomationRule) => void };

function RuleRow({
  rule,
  timeZone,
  onEdit,
  onDelete,
  onBacktest,
}: Props & {
  rule: AutomationRule;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Table.Tr data-rule={rule.name}>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={500}>
            {rule.name}
          </Text>
          {rule.builtin && (
            <Badge size="xs" variant="light" color="gray" radius="sm">
              Built-in
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>
        <EnabledSwitch rule={rule} />
      </Table.Td>
      <Table.Td>
        <ScopeText scope={rule.scope} />
      </Table.Td>
      <Table.Td>{conditionText(rule)}</Table.Td>
      <Table.Td>{rule.actions.map((a) => ACTIONS[a.type]).join(', ')}</Table.Td>
      <Table.Td>{rule.last_fired_at ? <DateCell value={rule.last_fired_at} timeZone={timeZone} /> : DASH}</Table.Td>
      <Table.Td>
        <Group justify="flex-end">
          <RowMenu label={`Actions for ${rule.name}`}>
            <Menu.Item leftSection={<IconEdit size={14} />} onClick={onEdit}>
              Edit
            </Menu.Item>
            <Menu.Item leftSection={<IconChartLine size={14} />} onClick={() => onBacktest(rule)}>
              Backtest
            </Menu.Item>
            {!rule.builtin && (
              <Menu.Item leftSection={<IconTrash size={14} />} color="red" onClick={onDelete}>
                Delete
              </Menu.Item>
            )}
          </RowMenu>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** The rules, built-in ones first: on and off in place, edit, backtest, delete (a built-in one is switched off). */
export function RulesList({ timeZone, onBacktest }: Props) {
  const rules = useRules();
  const [editing, setEditing] = useState<AutomationRule | null>(null);
  const [deleting, setDeleting] = useState<AutomationRule | null>(null);
  if (rules.isPending) return <NoneText>Loading rules…</NoneText>;
  if (!rules.data?.list.length) return <NoneText>No rules yet.</NoneText>;
  return (
    <>
      <Table.ScrollContainer minWidth={960}>
        <Table verticalSpacing="xs" aria-label="Rules">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>On</Table.Th>
              <Table.Th>Watches</Table.Th>
              <Table.Th>When</Table.Th>
              <Table.Th>Does</Table.Th>
              <Table.Th>Last fired</Table.Th>
              <Table.Th w={48}>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rules.data.list.map((rule) => (
              <RuleRow
                key={rule.uuid}
                rule={rule}
                timeZone={timeZone}
                onEdit={() => setEditing(rule)}
                onDelete={() => setDeleting(rule)}
                onBacktest={onBacktest}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {editing && <RuleForm key={editing.uuid} rule={editing} onClose={() => setEditing(null)} />}
      {deleting && <DeleteRule key={deleting.uuid} rule={deleting} onClose={() => setDeleting(null)} />}
    </>
  );
}
