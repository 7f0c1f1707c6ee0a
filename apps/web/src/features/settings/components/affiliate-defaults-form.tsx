import { useMemo, useState, type FormEvent } from 'react';
import { NumberInput, Select, SimpleGrid, Text, Title } from '@mantine/core';
import type { Option } from '@pxl/contract/constants/options';
import { affiliateDefaultsSchema, type AffiliateDefaults } from '@pxl/contract/settings/settings.schemas';
import { useSaveForm } from '@/lib/use-save-form.ts';
import { useAffiliateDefaults } from '../api/get-affiliate-defaults.ts';
import { useManagerOptions } from '@/lib/queries/manager-options.ts';
import { useUpdateAffiliateDefaults } from '../api/update-affiliate-defaults.ts';
import { shapeErrors, toBody, toValues, type Values } from './affiliate-defaults-values.ts';
import { SettingsForm } from '@/components/forms/settings-form.tsx';

/**
 * Applied to new affiliates: manager, hold days and minimum payout (typed in major units, sent in minor); the referral
 * percent and months apply to every referrer (docs/product/billing.md).
 */
export function AffiliateDefaultsForm({ currencies }: { currencies: Option[] }) {
  const defaults = useAffiliateDefaults();
  // The form starts from the defaults as first loaded; a later refetch does not overwrite what is being edited.
  return defaults.data ? <AffiliateDefaultsEditor initial={defaults.data} currencies={currencies} /> : null;
}

function AffiliateDefaultsEditor({ initial, currencies }: { initial: AffiliateDefaults; currencies: Option[] }) {
  const managers = useManagerOptions();
  const update = useUpdateAffiliateDefaults();
  const [values, setValues] = useState<Values>(() => toValues(initial));
  const { errors, submit: send } = useSaveForm(update, shapeErrors);
  const managerOptions = useMemo(
    () =>
      (managers.data?.list ?? []).map((m) => ({
        value: m.uuid,
        label: `${[m.first_name, m.last_name].filter(Boolean).join(' ')} (${m.email})`,
      })),
    [managers.data],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(affiliateDefaultsSchema, toBody(values), { onSaved: (data) => setValues(toValues(data)) });
  };

  return (
    <SettingsForm label="Affiliate settings" saving={update.isPending} onSubmit={submit}>
      <Text size="sm" c="dimmed">
        Defaults for new affiliates, from signup or created by staff. Existing affiliates keep their values.
      </Text>
      <Select
        label="Default manager"
        name="default_manager"
        placeholder="Not set"
        clearable
        searchable
        data={managerOptions}
        value={values.manager}
        error={errors.default_manager_uuid}
        nothingFoundMessage="No such manager"
        description="New affiliates are assigned to this manager"
        onChange={(v) => setValues({ ...values, manager: v })}
      />
      <NumberInput
        label="Hold days"
        name="hold_days"
        min={0}
        max={365}
        allowDecimal={false}
        allowNegative={false}
        w={200}
        description="Days a conversion stays on hold before it can be paid"
        value={values.hold_days}
        error={errors.hold_days}
        onChange={(v) => setValues({ ...values, hold_days: v })}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" maw={420}>
        <NumberInput
          label="Minimum payout"
          name="min_payout_amount"
          min={0}
          decimalScale={2}
          allowNegative={false}
          thousandSeparator=" "
          value={values.amount}
          error={errors['min_payout.amount'] ?? errors.min_payout}
          onChange={(v) => setValues({ ...values, amount: v })}
        />
        <Select
          label="Currency"
          name="min_payout_currency"
          data={currencies}
          allowDeselect={false}
          value={values.currency}
          error={errors['min_payout.currency']}
          onChange={(v) => setValues({ ...values, currency: v ?? values.currency })}
        />
      </SimpleGrid>
      <Title order={4} mt="sm">
        Referrals
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" maw={420}>
        <NumberInput
          label="Referral percent"
          name="referral_percent"
          min={0}
          max={50}
          allowDecimal={false}
          allowNegative={false}
          suffix=" %"
          description="Of a referred affiliate's approved payouts; 0 turns referral earnings off"
          value={values.referral_percent}
          error={errors.referral_percent}
          onChange={(v) => setValues({ ...values, referral_percent: v })}
        />
        <NumberInput
          label="Referral months"
          name="referral_months"
          min={1}
          max={120}
          allowDecimal={false}
          allowNegative={false}
          description="Months after the referred affiliate's signup that count"
          value={values.referral_months}
          error={errors.referral_months}
          onChange={(v) => setValues({ ...values, referral_months: v })}
        />
      </SimpleGrid>
    </SettingsForm>
  );
}
