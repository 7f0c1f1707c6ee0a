import { Alert, Drawer } from '@mantine/core';
import { distributionInputSchema, type Distribution } from '@pxl/contract/cold-api/cold.schemas';
import { DialogActions, DialogForm } from '@/components/forms/form-layout.tsx';
import { useFormValues } from '@/components/forms/use-form-values.ts';
import { useSaveForm } from '@/lib/use-save-form.ts';
import { useColdOptions, useSaveDistribution } from '../api/distributions.ts';
import { OtherErrors } from './cold-labels.tsx';
import { DistributionScheduleFields } from './distribution-schedule-fields.tsx';
import { DistributionTargetFields } from './distribution-target-fields.tsx';
import { distributionInput, distributionToValues, type DistributionValues } from './distribution-values.ts';

const FIELDS = [
  'title',
  'list_uuid',
  'rule_uuid',
  'affiliate_uuid',
  'offer_uuid',
  'product_uuids',
  'start_date',
  'end_date',
  'hour_from',
  'hour_to',
  'time_zone',
  'interval_min',
  'interval_max',
  'daily_limit',
];

type Props = {
  distribution?: Distribution;
  timeZone: string;
  onClose: () => void;
  onSaved?: (d: Distribution) => void;
};

/** Create or edit a distribution in a drawer: what to send (list, rule, as whom, where) and when. */
export function DistributionForm({ distribution, timeZone, onClose, onSaved }: Props) {
  const options = useColdOptions();
  const { errors, submit, saving } = useSaveForm(useSaveDistribution(distribution?.uuid));
  const form = useFormValues<DistributionValues>(() => distributionToValues(distribution, timeZone), errors);
  const save = () =>
    submit(distributionInputSchema, distributionInput(form.values), {
      notice: (d) => `Distribution ${d.title} ${distribution ? 'saved' : 'created'}`,
      onSaved: (d) => {
        onSaved?.(d);
        onClose();
      },
    });
  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="lg"
      title={distribution ? `Edit ${distribution.title}` : 'New distribution'}
    >
      <DialogForm label="Distribution" onSubmit={save}>
        {options.isError && <Alert color="red">The lists, rules, affiliates and offers could not be loaded.</Alert>}
        <DistributionTargetFields form={form} errors={errors} options={options.data} />
        <DistributionScheduleFields form={form} />
        <OtherErrors errors={errors} fields={FIELDS} />
        <DialogActions label={distribution ? 'Save' : 'Create and start'} saving={saving} onCancel={onClose} />
      </DialogForm>
    </Drawer>
  );
}
