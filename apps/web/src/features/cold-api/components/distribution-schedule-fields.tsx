import { useMemo, useState } from 'react';
import { SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { toOptions } from '@pxl/contract/constants/options';
import { timeZoneOptions } from '@pxl/contract/constants/time-zones';
import type { FormState } from '@/components/forms/use-form-values.ts';
import type { DistributionValues } from './distribution-values.ts';

const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;
const FROM_HOURS = Array.from({ length: 24 }, (_, h) => ({ value: String(h), label: hourLabel(h) }));
const TO_HOURS = Array.from({ length: 24 }, (_, h) => ({ value: String(h + 1), label: hourLabel(h + 1) }));
const select = { searchable: true, comboboxProps: { withinPortal: true }, nothingFoundMessage: 'Nothing found' };

/** When a distribution sends: its days, hours and time zone, the pause between leads, the daily limit, the order. */
export function DistributionScheduleFields({
  form: { values, set, text, choice },
}: {
  form: FormState<DistributionValues>;
}) {
  // Zone offsets as of when the form opened: reading the clock while rendering would make each render differ.
  const [openedAt] = useState(() => new Date());
  const zones = useMemo(() => toOptions(timeZoneOptions(openedAt, [values.time_zone])), [openedAt, values.time_zone]);
  return (
    <>
      <Text fw={600} size="sm" mt="xs">
        Schedule
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          type="date"
          label="Start date"
          required
          description="The first day of sending"
          {...text('start_date')}
        />
        <TextInput type="date" label="End date" description="Empty: no end" {...text('end_date')} />
        <Select label="Send from" data={FROM_HOURS} comboboxProps={{ withinPortal: true }} {...choice('hour_from')} />
        <Select label="Send until" data={TO_HOURS} comboboxProps={{ withinPortal: true }} {...choice('hour_to')} />
      </SimpleGrid>
      <Select label="Time zone" data={zones} {...select} {...choice('time_zone')} />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <TextInput label="Shortest pause (s)" inputMode="numeric" {...text('interval_min')} />
        <TextInput label="Longest pause (s)" inputMode="numeric" {...text('interval_max')} />
        <TextInput label="Daily limit" inputMode="numeric" placeholder="No limit" {...text('daily_limit')} />
      </SimpleGrid>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          Order
        </Text>
        <SegmentedControl
          aria-label="Order"
          value={values.order}
          onChange={(v) => set({ order: v as DistributionValues['order'] })}
          data={[
            { value: 'newest', label: 'Newest leads first' },
            { value: 'oldest', label: 'Oldest leads first' },
          ]}
        />
      </Stack>
    </>
  );
}
