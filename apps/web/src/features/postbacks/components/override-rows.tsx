import { ActionIcon, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { POSTBACK_EVENTS, type PostbackEvent } from '@pxl/contract/postbacks/postbacks.schemas';
import { PortalOfferSelect } from './portal-offer-select.tsx';
import { emptyOverride, EVENTS, type OverrideRow } from './settings-values.ts';
import { UrlField } from './url-field.tsx';

const EVENT_OPTIONS = EVENTS.map((e) => ({ value: e, label: POSTBACK_EVENTS[e] }));

/** Per-offer URLs: for that offer and event they are used instead of the general URL. */
export function OverrideRows({
  rows,
  errors,
  onChange,
  onFocus,
}: {
  rows: OverrideRow[];
  errors: Record<string, string>;
  onChange: (rows: OverrideRow[]) => void;
  onFocus: (key: string) => void;
}) {
  const patch = (key: string, change: Partial<OverrideRow>) =>
    onChange(rows.map((r) => (r.key === key ? { ...r, ...change } : r)));
  return (
    <Stack gap="sm">
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          No per-offer URLs: every offer uses the URLs above.
        </Text>
      )}
      {rows.map((row, i) => (
        <Paper key={row.key} withBorder radius="sm" p="sm" data-testid="postback-override">
          <Stack gap="xs">
            <Group align="flex-start" gap="sm" wrap="wrap">
              <PortalOfferSelect
                value={row.offer}
                error={errors[`overrides.${row.key}.offer`]}
                onChange={(offer) => patch(row.key, { offer })}
              />
              <Select
                label="Event"
                w={{ base: '100%', sm: 170 }}
                data={EVENT_OPTIONS}
                value={row.event}
                allowDeselect={false}
                onChange={(v) => v && patch(row.key, { event: v as PostbackEvent })}
                comboboxProps={{ withinPortal: true }}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                mt={{ base: 0, sm: 28 }}
                aria-label={`Remove per-offer URL ${i + 1}`}
                onClick={() => onChange(rows.filter((r) => r.key !== row.key))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
            <UrlField
              label="URL"
              name={`override-${i + 1}`}
              event={row.event}
              value={row.url}
              error={errors[`overrides.${row.key}.url`]}
              onChange={(url) => patch(row.key, { url })}
              onFocus={() => onFocus(row.key)}
            />
          </Stack>
        </Paper>
      ))}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => onChange([...rows, emptyOverride()])}
        >
          Add per-offer URL
        </Button>
      </Group>
    </Stack>
  );
}
