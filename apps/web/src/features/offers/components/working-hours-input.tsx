import { ActionIcon, Group, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import type { FieldErrors } from '@/lib/form-errors.ts';
import type { Option } from '@pxl/contract/constants/options';
import { addHours, WEEKDAYS, type HoursRow, type ProductValues } from './products-values.ts';

/** Hours per weekday (any number of ranges a day, none = closed) in a chosen time zone. */
export function WorkingHoursInput({
  value,
  onChange,
  errors,
  path,
  timeZones,
}: {
  value: ProductValues;
  onChange: (patch: Partial<ProductValues>) => void;
  errors: FieldErrors;
  /** e.g. "products.0.working_hours" */
  path: string;
  timeZones: Option[];
}) {
  const setRow = (i: number, patch: Partial<HoursRow>) =>
    onChange({ hours: value.hours.map((r, j) => (j === i ? { ...r, ...patch } : r)) });
  return (
    <Stack gap={6}>
      <Group gap="md" align="flex-end">
        <Switch
          label="Working hours"
          description="Off: leads are taken around the clock"
          checked={value.hours_on}
          onChange={(e) => onChange({ hours_on: e.currentTarget.checked })}
        />
        {value.hours_on && (
          <Select
            label="Time zone"
            searchable
            w={280}
            data={timeZones}
            value={value.time_zone}
            allowDeselect={false}
            error={errors[`${path}.time_zone`]}
            onChange={(v) => v && onChange({ time_zone: v })}
            comboboxProps={{ withinPortal: true }}
          />
        )}
      </Group>
      {value.hours_on &&
        WEEKDAYS.map((name, d) => {
          const day = d + 1;
          const rows = value.hours.map((r, i) => ({ r, i })).filter(({ r }) => r.day === day);
          return (
            <Group key={day} gap="xs" align="flex-start" wrap="wrap" data-testid={`hours-day-${day}`}>
              <Text size="sm" w={90} mt={6}>
                {name}
              </Text>
              {rows.length === 0 && (
                <Text size="sm" c="dimmed" mt={6}>
                  Closed
                </Text>
              )}
              {rows.map(({ r, i }) => (
                <Group key={i} gap={4} align="flex-start" wrap="nowrap">
                  <TextInput
                    type="time"
                    aria-label={`${name} from`}
                    w={130}
                    value={r.from}
                    error={errors[`${path}.days.${i}.from`]}
                    onChange={(e) => setRow(i, { from: e.currentTarget.value })}
                  />
                  <Text mt={6}>–</Text>
                  <TextInput
                    type="time"
                    aria-label={`${name} to`}
                    w={130}
                    value={r.to}
                    error={errors[`${path}.days.${i}.to`]}
                    onChange={(e) => setRow(i, { to: e.currentTarget.value })}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    mt={4}
                    aria-label={`Remove ${name} hours`}
                    onClick={() => onChange({ hours: value.hours.filter((_, j) => j !== i) })}
                  >
                    <IconX size={14} />
                  </ActionIcon>
                </Group>
              ))}
              <ActionIcon
                variant="light"
                mt={4}
                aria-label={`Add ${name} hours`}
                onClick={() => onChange({ hours: addHours(value.hours, day) })}
              >
                <IconPlus size={14} />
              </ActionIcon>
            </Group>
          );
        })}
      {errors[`${path}.days`] && (
        <Text size="xs" c="red">
          {errors[`${path}.days`]}
        </Text>
      )}
    </Stack>
  );
}
