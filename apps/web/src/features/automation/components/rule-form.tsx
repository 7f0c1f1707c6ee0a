import { Modal, Switch, Text, TextInput, Title } from '@mantine/core';
import { automationRuleInputSchema, type AutomationRule } from '@pxl/contract/automation/automation.schemas';
import { DialogActions, DialogForm } from '@/components/forms/form-layout.tsx';
import { useFormValues } from '@/components/forms/use-form-values.ts';
import { useSaveForm } from '@/lib/use-save-form.ts';
import { useViewport } from '@/lib/viewport-store.ts';
import { useSaveRule } from '../api/save-rule.ts';
import { ActionsEditor } from './actions-editor.tsx';
import { ConditionFields } from './condition-fields.tsx';
import { ScopeFields } from './scope-fields.tsx';
import { fieldError, shapeErrors, SHOWN_PATHS, toBody, toValues, type RuleValues } from './rule-values.ts';

function Part({ children }: { children: string }) {
  return (
    <Title order={5} mt="xs">
      {children}
    </Title>
  );
}

/** Messages no input shows (a refusal of the whole rule), said under the form. */
function OtherErrors({ errors }: { errors: Record<string, string> }) {
  const other = Object.entries(errors).filter(([key]) => !SHOWN_PATHS.includes(key.split('.')[0]!));
  if (!other.length) return null;
  return (
    <Text c="red" size="sm" data-testid="form-errors">
      {other.map(([, message]) => message).join(' ')}
    </Text>
  );
}

/** Create or edit a rule: what it watches, the metric and condition, what it does (docs/product/automation.md). */
export function RuleForm({ rule, onClose }: { rule?: AutomationRule; onClose: () => void }) {
  const { errors, submit, saving } = useSaveForm(useSaveRule(rule?.uuid), shapeErrors);
  const form = useFormValues<RuleValues>(() => toValues(rule), errors, fieldError);
  const phone = useViewport() === 'mobile';
  const save = () =>
    submit(automationRuleInputSchema, toBody(form.values), {
      notice: (r) => `Rule ${r.name} ${rule ? 'saved' : 'created'}`,
      onSaved: onClose,
    });
  return (
    <Modal opened onClose={onClose} title={rule ? `Edit rule ${rule.name}` : 'New rule'} size="xl" fullScreen={phone}>
      <DialogForm label="Rule" onSubmit={save}>
        <TextInput label="Name" required maxLength={200} {...form.text('name')} />
        <Switch label="Enabled" {...form.flag('enabled')} />
        <Part>Scope</Part>
        <ScopeFields form={form} errors={errors} />
        <Part>Condition</Part>
        <ConditionFields form={form} />
        <Part>Actions</Part>
        <ActionsEditor values={form.values} errors={errors} onChange={(actions) => form.set({ actions })} />
        <OtherErrors errors={errors} />
        <DialogActions label={rule ? 'Save' : 'Create rule'} saving={saving} onCancel={onClose} />
      </DialogForm>
    </Modal>
  );
}
