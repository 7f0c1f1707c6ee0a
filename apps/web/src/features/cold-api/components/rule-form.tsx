import { useState } from 'react';
import { Button, Checkbox, Group, Modal, MultiSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { GEO_OPTIONS } from '@/lib/options.ts';
import { ruleInputSchema, type ColdRule } from '@pxl/contract/cold-api/cold.schemas';
import { useSaveForm } from '@/lib/use-save-form.ts';
import { useSaveRule } from '../api/rules.ts';
import { OtherErrors } from './cold-labels.tsx';

const FIELDS = ['name', 'max_resends', 'min_days_between', 'geos', 'neutral_ip', 'funnel'];

type Values = {
  name: string;
  max_resends: string;
  min_days_between: string;
  never_same_product: boolean;
  skip_ftd: boolean;
  geos: string[];
  send_original_ip: boolean;
  neutral_ip: string;
  regenerate_password: boolean;
  funnel: string;
};

const toValues = (r?: ColdRule): Values => ({
  name: r?.name ?? '',
  max_resends: String(r?.max_resends ?? 3),
  min_days_between: String(r?.min_days_between ?? 7),
  never_same_product: r?.never_same_product ?? true,
  skip_ftd: r?.skip_ftd ?? true,
  geos: r?.geos ?? [],
  send_original_ip: r?.send_original_ip ?? true,
  neutral_ip: r?.neutral_ip ?? '',
  regenerate_password: r?.regenerate_password ?? false,
  funnel: r?.funnel ?? '',
});

const num = (text: string): number | string => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : text);

/** Create or edit a re-send rule: its limits and what is changed in the data sent. */
export function RuleForm({ rule, onClose }: { rule?: ColdRule; onClose: () => void }) {
  const [values, setValues] = useState<Values>(() => toValues(rule));
  const { errors, submit, saving } = useSaveForm(useSaveRule(rule?.uuid));
  const set = (patch: Partial<Values>) => setValues((v) => ({ ...v, ...patch }));
  const save = () =>
    submit(
      ruleInputSchema,
      { ...values, max_resends: num(values.max_resends), min_days_between: num(values.min_days_between) },
      { notice: (r) => `Rule ${r.name} ${rule ? 'saved' : 'created'}`, onSaved: onClose },
    );
  return (
    <Modal opened onClose={onClose} title={rule ? `Edit rule ${rule.name}` : 'New rule'} size="lg">
      <form
        noValidate
        aria-label="Rule"
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Name"
            name="name"
            required
            maxLength={200}
            value={values.name}
            error={errors.name}
            onChange={(e) => set({ name: e.currentTarget.value })}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label="Max re-sends per lead"
              name="max_resends"
              inputMode="numeric"
              description="In all distributions, 1 to 100"
              value={values.max_resends}
              error={errors.max_resends}
              onChange={(e) => set({ max_resends: e.currentTarget.value })}
            />
            <TextInput
              label="Days between sends"
              name="min_days_between"
              inputMode="numeric"
              description="Its first arrival counts as a send"
              value={values.min_days_between}
              error={errors.min_days_between}
              onChange={(e) => set({ min_days_between: e.currentTarget.value })}
            />
          </SimpleGrid>
          <Checkbox
            label="Never to a product that already had the lead"
            checked={values.never_same_product}
            onChange={(e) => set({ never_same_product: e.currentTarget.checked })}
          />
          <Checkbox
            label="Skip leads with a first deposit (FTD)"
            checked={values.skip_ftd}
            onChange={(e) => set({ skip_ftd: e.currentTarget.checked })}
          />
          <MultiSelect
            label="Countries"
            name="geos"
            placeholder={values.geos.length ? undefined : 'Any country'}
            data={GEO_OPTIONS}
            value={values.geos}
            error={errors.geos}
            onChange={(geos) => set({ geos })}
            searchable
            clearable
            maxDropdownHeight={260}
            comboboxProps={{ withinPortal: true }}
          />
          <Text fw={600} size="sm" mt="xs">
            Data sent
          </Text>
          <Checkbox
            label="Send the original IP"
            checked={values.send_original_ip}
            onChange={(e) => set({ send_original_ip: e.currentTarget.checked })}
          />
          {!values.send_original_ip && (
            <TextInput
              label="Neutral IP"
              name="neutral_ip"
              required
              placeholder="203.0.113.10"
              description="Sent instead of the lead's own address"
              value={values.neutral_ip}
              error={errors.neutral_ip}
              onChange={(e) => set({ neutral_ip: e.currentTarget.value })}
            />
          )}
          <Checkbox
            label="Make a new password"
            checked={values.regenerate_password}
            onChange={(e) => set({ regenerate_password: e.currentTarget.checked })}
          />
          <TextInput
            label="Funnel"
            name="funnel"
            placeholder="Keep the lead's own"
            maxLength={200}
            value={values.funnel}
            error={errors.funnel}
            onChange={(e) => set({ funnel: e.currentTarget.value })}
          />
          <OtherErrors errors={errors} fields={FIELDS} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {rule ? 'Save' : 'Create rule'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
