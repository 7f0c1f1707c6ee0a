import { Checkbox, Modal, MultiSelect, SimpleGrid, Text, TextInput } from '@mantine/core';
import { DialogActions, DialogForm } from '@/components/forms/form-layout.tsx';
import { useFormValues } from '@/components/forms/use-form-values.ts';
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
  const { errors, submit, saving } = useSaveForm(useSaveRule(rule?.uuid));
  const { values, text, flag, list } = useFormValues<Values>(() => toValues(rule), errors);
  const save = () =>
    submit(
      ruleInputSchema,
      { ...values, max_resends: num(values.max_resends), min_days_between: num(values.min_days_between) },
      { notice: (r) => `Rule ${r.name} ${rule ? 'saved' : 'created'}`, onSaved: onClose },
    );
  return (
    <Modal opened onClose={onClose} title={rule ? `Edit rule ${rule.name}` : 'New rule'} size="lg">
      <DialogForm label="Rule" onSubmit={save}>
        <TextInput label="Name" required maxLength={200} {...text('name')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label="Max re-sends per lead"
            inputMode="numeric"
            description="In all distributions, 1 to 100"
            {...text('max_resends')}
          />
          <TextInput
            label="Days between sends"
            inputMode="numeric"
            description="Its first arrival counts as a send"
            {...text('min_days_between')}
          />
        </SimpleGrid>
        <Checkbox label="Never to a product that already had the lead" {...flag('never_same_product')} />
        <Checkbox label="Skip leads with a first deposit (FTD)" {...flag('skip_ftd')} />
        <MultiSelect
          label="Countries"
          placeholder={values.geos.length ? undefined : 'Any country'}
          data={GEO_OPTIONS}
          searchable
          clearable
          maxDropdownHeight={260}
          comboboxProps={{ withinPortal: true }}
          {...list('geos')}
        />
        <Text fw={600} size="sm" mt="xs">
          Data sent
        </Text>
        <Checkbox label="Send the original IP" {...flag('send_original_ip')} />
        {!values.send_original_ip && (
          <TextInput
            label="Neutral IP"
            required
            placeholder="203.0.113.10"
            description="Sent instead of the lead's own address"
            {...text('neutral_ip')}
          />
        )}
        <Checkbox label="Make a new password" {...flag('regenerate_password')} />
        <TextInput label="Funnel" placeholder="Keep the lead's own" maxLength={200} {...text('funnel')} />
        <OtherErrors errors={errors} fields={FIELDS} />
        <DialogActions label={rule ? 'Save' : 'Create rule'} saving={saving} onCancel={onClose} />
      </DialogForm>
    </Modal>
  );
}
