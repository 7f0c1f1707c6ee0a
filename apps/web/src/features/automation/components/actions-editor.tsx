import { ActionIcon, Button, Checkbox, Group, MultiSelect, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { RuleActionType } from '@pxl/contract/automation/automation.schemas';
import type { Cap } from '@pxl/contract/offers/offers.schemas';
import { useChannelOptions } from '../api/channel-options.ts';
import { useOffer } from '../api/get-offer.ts';
import { ACTIONS } from './rule-labels.ts';
import { actionsFor, newAction, type ActionValues, type RuleValues } from './rule-values.ts';

type Errors = Record<string, string>;
const portal = { comboboxProps: { withinPortal: true } } as const;

/** "1000/day leads (DE)": the same words as the offer's caps section. */
const capText = (c: Cap) => {
  const base = c.period === 'total' ? `${c.limit} total ${c.metric}` : `${c.limit}/${c.period} ${c.metric}`;
  const narrowed = [c.geo, c.device, c.os, c.affiliate?.name].filter(Boolean);
  return narrowed.length ? `${base} (${narrowed.join(', ')})` : base;
};

function NotifyFields({ action, at, errors, onChange }: FieldsProps<'notify'>) {
  const channels = useChannelOptions();
  return (
    <>
      <MultiSelect
        label="Channels"
        placeholder={action.channel_uuids.length ? undefined : 'Pick channels'}
        data={channels.data ?? []}
        searchable
        clearable
        nothingFoundMessage={channels.isFetching ? 'Loading…' : 'No channels: add one in Notifications'}
        {...portal}
        value={action.channel_uuids}
        error={errors[`${at}.channel_uuids`]}
        onChange={(channel_uuids) => onChange({ ...action, channel_uuids })}
      />
      <Checkbox
        label="Also alert the manager and the affiliate of the scope"
        checked={action.notify_owners}
        onChange={(e) => onChange({ ...action, notify_owners: e.currentTarget.checked })}
      />
    </>
  );
}

function CapFields({ action, at, errors, onChange, offerUuid }: FieldsProps<'set_cap'> & { offerUuid: string | null }) {
  const offer = useOffer(offerUuid);
  const caps = (offer.data?.caps ?? []).map((c) => ({ value: c.uuid, label: capText(c) }));
  const none = offerUuid ? (offer.isFetching ? 'Loading…' : 'The offer has no caps') : 'Pick an offer above first';
  return (
    <Group gap="xs" align="flex-start" wrap="wrap">
      <Select
        label="Cap"
        placeholder="Pick a cap of the offer"
        data={caps}
        nothingFoundMessage={none}
        style={{ flex: '1 1 220px' }}
        {...portal}
        value={action.cap_uuid}
        error={errors[`${at}.cap_uuid`] ?? (offerUuid ? undefined : errors['scope.offer_uuid'])}
        onChange={(cap_uuid) => onChange({ ...action, cap_uuid })}
      />
      <TextInput
        label="New limit"
        inputMode="numeric"
        w={140}
        value={action.limit}
        error={errors[`${at}.limit`]}
        onChange={(e) => onChange({ ...action, limit: e.currentTarget.value })}
      />
    </Group>
  );
}

type FieldsProps<T extends RuleActionType> = {
  action: Extract<ActionValues, { type: T }>;
  at: string;
  errors: Errors;
  onChange: (next: ActionValues) => void;
};

const NOTES: Partial<Record<RuleActionType, string>> = {
  pause_affiliate: "The affiliate's clicks on the offer go to trafficback and its leads are refused.",
  remove_product: 'The product leaves the waterfall of every offer it is in.',
  hold_conversions: 'New conversions of the scope are created in status hold.',
};

/** The rule's actions, each in its own box: its kind, its settings and a remove button. */
export function ActionsEditor({
  values,
  errors,
  onChange,
}: {
  values: RuleValues;
  errors: Errors;
  onChange: (actions: ActionValues[]) => void;
}) {
  const allowed = actionsFor(values.scope_type);
  const options = (current: RuleActionType) =>
    [...new Set([...allowed, current])].map((type) => ({ value: type, label: ACTIONS[type] }));
  const put = (i: number, next: ActionValues) => onChange(values.actions.map((a, j) => (j === i ? next : a)));
  return (
    <Stack gap="xs">
      {values.actions.map((action, i) => {
        const at = `actions.${i}`;
        const n = i + 1;
        return (
          <Paper key={i} withBorder p="sm" radius="sm" role="group" aria-label={`Action ${n}`}>
            <Stack gap="xs">
              <Group gap="xs" align="flex-end" wrap="nowrap">
                <Select
                  label={`Action ${n}`}
                  data={options(action.type)}
                  allowDeselect={false}
                  style={{ flex: 1 }}
                  {...portal}
                  value={action.type}
                  error={errors[`${at}.type`] ?? errors[at]}
                  onChange={(type) => type && put(i, newAction(type as RuleActionType))}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={`Remove action ${n}`}
                  disabled={values.actions.length === 1}
                  onClick={() => onChange(values.actions.filter((_, j) => j !== i))}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
              {action.type === 'notify' && (
                <NotifyFields action={action} at={at} errors={errors} onChange={(a) => put(i, a)} />
              )}
              {action.type === 'set_cap' && (
                <CapFields
                  action={action}
                  at={at}
                  errors={errors}
                  offerUuid={values.offer_uuid}
                  onChange={(a) => put(i, a)}
                />
              )}
              {NOTES[action.type] && (
                <Text size="xs" c="dimmed">
                  {NOTES[action.type]}
                </Text>
              )}
            </Stack>
          </Paper>
        );
      })}
      {errors.actions && (
        <Text size="sm" c="red">
          {errors.actions}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          disabled={values.actions.length >= 10}
          onClick={() => onChange([...values.actions, newAction('notify')])}
        >
          Add action
        </Button>
      </Group>
    </Stack>
  );
}
