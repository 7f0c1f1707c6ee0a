import { Select, Switch } from '@mantine/core';
import type { StatDimension } from '@pxl/contract/statistic/index';
import { DIMENSION_LABELS } from './dimensions.ts';

/** Group by one dimension, then optionally by a second, and "compare with the previous period". */
export function GroupPicker({
  dimensions,
  groups,
  onGroups,
  compare,
  onCompare,
}: {
  dimensions: readonly StatDimension[];
  groups: readonly StatDimension[];
  onGroups: (groups: StatDimension[]) => void;
  compare: boolean;
  onCompare: (compare: boolean) => void;
}) {
  const options = dimensions.map((d) => ({ value: d, label: DIMENSION_LABELS[d] }));
  const [first, second] = groups;
  return (
    <>
      <Select
        label="Group by"
        aria-label="Group by"
        w={170}
        data={options}
        value={first ?? 'day'}
        allowDeselect={false}
        searchable
        onChange={(v) => v && onGroups(second && second !== v ? [v as StatDimension, second] : [v as StatDimension])}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label="Then by"
        aria-label="Then by"
        w={170}
        placeholder="None"
        clearable
        searchable
        value={second ?? null}
        data={options.filter((o) => o.value !== first)}
        comboboxProps={{ withinPortal: true }}
        onChange={(v) => onGroups(v ? [first ?? 'day', v as StatDimension] : [first ?? 'day'])}
      />
      <Switch
        label="Compare with previous period"
        checked={compare}
        onChange={(e) => onCompare(e.currentTarget.checked)}
        mb={8}
      />
    </>
  );
}
