import { SimpleGrid, TextInput } from '@mantine/core';
import type { FieldErrors } from '@/lib/form-errors.ts';

/** The five free sub-parameters a click carries. */
export const SUBS = ['sub1', 'sub2', 'sub3', 'sub4', 'sub5'] as const;
export type Sub = (typeof SUBS)[number];
export type SubValues = Record<Sub, string>;
export const EMPTY_SUBS: SubValues = { sub1: '', sub2: '', sub3: '', sub4: '', sub5: '' };

/** sub1..sub5 side by side, each named by its key. */
export function SubInputs({
  value,
  errors,
  onChange,
}: {
  value: SubValues;
  errors: FieldErrors;
  onChange: (subs: SubValues) => void;
}) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
      {SUBS.map((k) => (
        <TextInput
          key={k}
          label={k}
          name={k}
          value={value[k]}
          error={errors[k]}
          onChange={(e) => onChange({ ...value, [k]: e.currentTarget.value })}
        />
      ))}
    </SimpleGrid>
  );
}
