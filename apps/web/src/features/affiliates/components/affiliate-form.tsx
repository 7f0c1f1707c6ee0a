import { Group, NumberInput, Select } from '@mantine/core';
import {
  affiliateCreateSchema,
  affiliateUpdateSchema,
  type Affiliate,
} from '@pxl/contract/affiliates/affiliates.schemas';
import { picksPartnerManager } from '@pxl/contract/access/capabilities';
import type { Currency } from '@pxl/contract/constants/constants.data';
import { CURRENCY_OPTIONS } from '@/lib/options.ts';
import { ContactsSection } from '@/components/forms/fields.tsx';
import { FormActions, FormPage, FormSection } from '@/components/forms/form-layout.tsx';
import { useFormValues } from '@/components/forms/use-form-values.ts';
import { useCurrentRole } from '@/lib/session/auth-store.ts';
import { useManagerOptions } from '@/lib/queries/manager-options.ts';
import { useSaveForm } from '@/lib/use-save-form.ts';
import { useSaveAffiliate } from '../api/save-affiliate.ts';
import { AffiliateFormFields } from './affiliate-form-fields.tsx';
import {
  affiliateBody,
  affiliateToValues,
  emptyAffiliateValues,
  type AffiliateFormValues,
} from './affiliate-form-values.ts';
import { PaymentMethodsInput } from './payment-methods-input.tsx';
import { ReferrerSelect } from './referrer-select.tsx';

/** Create (no affiliate) or edit an affiliate; validated with the contract's schema, server errors under the fields. */
export function AffiliateForm({ affiliate, onDone }: { affiliate?: Affiliate; onDone: () => void }) {
  const { errors, submit: send, saving } = useSaveForm(useSaveAffiliate(affiliate?.uuid));
  const form = useFormValues<AffiliateFormValues>(
    () => (affiliate ? affiliateToValues(affiliate) : emptyAffiliateValues()),
    errors,
  );
  const { values, set } = form;
  const role = useCurrentRole();
  const managers = useManagerOptions();
  const managerOptions = picksPartnerManager(role) ? managers.options : null;

  const submit = () =>
    send(affiliate ? affiliateUpdateSchema : affiliateCreateSchema, affiliateBody(values), {
      notice: (saved) => `Affiliate ${saved.email} ${affiliate ? 'saved' : 'created'}`,
      onSaved: onDone,
    });

  return (
    <FormPage onSubmit={submit}>
      <FormSection title="Account">
        <AffiliateFormFields form={form} errors={errors} editing={Boolean(affiliate)} managerOptions={managerOptions} />
      </FormSection>
      <ContactsSection value={values.contacts} onChange={(contacts) => set({ contacts })} errors={errors} />
      <FormSection title="Payments">
        <PaymentMethodsInput
          value={values.payment_methods}
          onChange={(payment_methods) => set({ payment_methods })}
          errors={errors}
        />
        <Group align="flex-start" gap="sm">
          <NumberInput
            label="Minimum payout"
            name="min_payout"
            min={0}
            decimalScale={2}
            w={180}
            value={values.min_payout}
            error={errors['min_payout.amount'] ?? errors.min_payout}
            onChange={(min_payout) => set({ min_payout })}
          />
          <Select
            label="Currency"
            name="currency"
            w={110}
            data={CURRENCY_OPTIONS}
            allowDeselect={false}
            value={values.currency}
            onChange={(v) => v && set({ currency: v as Currency })}
          />
          <ReferrerSelect
            value={values.referrer_uuid}
            current={affiliate?.referrer ?? null}
            exclude={affiliate?.uuid}
            error={errors.referrer_uuid}
            onChange={(referrer_uuid) => set({ referrer_uuid })}
          />
        </Group>
      </FormSection>
      <FormActions label={affiliate ? 'Save' : 'Create affiliate'} saving={saving} onCancel={onDone} />
    </FormPage>
  );
}
