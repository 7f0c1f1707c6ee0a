import { ActionIcon, Button, Group, MultiSelect, NumberInput, Select } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { FieldErrors } from '@/lib/form-errors.ts';
import { GEO_OPTIONS } from '@/lib/options.ts';
import type { GeoCapRow, ProductValues } from './products-values.ts';

const count = { min: 1, allowDecimal: false, placeholder: 'No cap', w: 120 } as const;

/** The countries a product of an API offer takes, its daily and total caps, and caps per country. */
export function ProductCapsInput({
  value,
  onChange,
  errors,
  path,
}: {
  value: ProductValues;
  onChange: (patch: Partial<ProductValues>) => void;
  errors: FieldErrors;
  path: string;
}) {
  const setGeo = (i: number, patch: Partial<GeoCapRow>) =>
    onChange({ per_geo: value.per_geo.map((g, j) => (j === i ? { ...g, ...patch } : g)) });
  return (
    <>
      <MultiSelect
        label="Countries"
        placeholder="Every country of the offer"
        searchable
        clearable
        data={GEO_OPTIONS}
        value={value.geos}
        error={errors[`${path}.geos`]}
        onChange={(geos) => onChange({ geos })}
        comboboxProps={{ withinPortal: true }}
      />
      <Group gap="sm" align="flex-start">
        <NumberInput
          label="Daily cap"
          {...count}
          value={value.daily}
          error={errors[`${path}.caps.daily`]}
          onChange={(daily) => onChange({ daily })}
        />
        <NumberInput
          label="Total cap"
          {...count}
          value={value.total}
          error={errors[`${path}.caps.total`]}
          onChange={(total) => onChange({ total })}
        />
      </Group>
      {value.per_geo.map((g, i) => (
        <Group key={i} gap="sm" align="flex-start" pl="md">
          <Select
            label="Country"
            required
            searchable
            w={190}
            data={GEO_OPTIONS}
            value={g.geo}
            error={errors[`${path}.caps.per_geo.${i}.geo`]}
            onChange={(geo) => setGeo(i, { geo })}
            comboboxProps={{ withinPortal: true }}
          />
          <NumberInput
            label="Daily"
            {...count}
            value={g.daily}
            error={errors[`${path}.caps.per_geo.${i}.daily`]}
            onChange={(daily) => setGeo(i, { daily })}
          />
          <NumberInput
            label="Total"
            {...count}
            value={g.total}
            error={errors[`${path}.caps.per_geo.${i}.total`]}
            onChange={(total) => setGeo(i, { total })}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mt={28}
            aria-label="Remove country cap"
            onClick={() => onChange({ per_geo: value.per_geo.filter((_, j) => j !== i) })}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Button
        size="xs"
        variant="subtle"
        w="fit-content"
        leftSection={<IconPlus size={14} />}
        onClick={() => onChange({ per_geo: [...value.per_geo, { geo: null, daily: '', total: '' }] })}
      >
        Add country cap
      </Button>
    </>
  );
}
