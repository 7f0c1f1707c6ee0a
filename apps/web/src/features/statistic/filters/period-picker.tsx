import { useState } from 'react';
import { Group, Select } from '@mantine/core';
import { DayRangeInputs } from '@/components/data-table/index.ts';
import {
  DATE_PRESETS,
  matchPreset,
  presetRange,
  PRESET_LABELS,
  type DatePreset,
  type DateRange,
} from './date-presets.ts';

const PRESET_OPTIONS = [...DATE_PRESETS, 'custom' as const].map((value) => ({ value, label: PRESET_LABELS[value] }));

/** A preset or a custom range of days in `timeZone`; "Custom range" shows the two day inputs. */
export function PeriodPicker({
  range,
  timeZone,
  onChange,
}: {
  range: DateRange;
  timeZone: string;
  onChange: (range: DateRange) => void;
}) {
  const matched = matchPreset(range, timeZone);
  const [customOpen, setCustomOpen] = useState(false);
  const preset = customOpen ? 'custom' : matched;
  const pick = (value: string | null) => {
    if (!value) return;
    if (value === 'custom') {
      setCustomOpen(true);
      return;
    }
    setCustomOpen(false);
    onChange(presetRange(value as DatePreset, timeZone));
  };
  // An end before the start moves the other end along rather than making an empty range.
  const setFrom = (from: string) => from && onChange({ from, to: from > range.to ? from : range.to });
  const setTo = (to: string) => to && onChange({ from: to < range.from ? to : range.from, to });
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <Select
        label="Period"
        aria-label="Period"
        w={150}
        data={PRESET_OPTIONS}
        value={preset}
        onChange={pick}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      {preset === 'custom' && (
        <DayRangeInputs
          values={[range.from, range.to]}
          onChange={(key, value) => (key === 'date_from' ? setFrom(value) : setTo(value))}
        />
      )}
    </Group>
  );
}
