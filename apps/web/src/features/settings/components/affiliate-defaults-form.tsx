import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Option } from '@pxl/contract/constants/options';
import { affiliateDefaultsSchema, type AffiliateDefaults } from '@pxl/contract/settings/settings.schemas';
import { apiFieldErrors, type FieldErrors } from '@/lib/form-errors.ts';
import { majorToMinor, minorToMajor } from '@/lib/money.ts';
import { useAffiliateDefaults } from '../api/get-affiliate-defaults.ts';
import { useManagerOptions } from '@/lib/queries/manager-options.ts';
import { useUpdateAffiliateDefaults } from '../api/update-affiliate-defaults.ts';

type Values = { manager: string | null; hold_days: number | string; amount: number | string; currency: string };

const toValues = (d: AffiliateDefaults): Values => ({
  manager: d.default_manager_uuid,
  hold_days: d.hold_days,
  amount: minorToMajor(d.min_payout.amount),
  currency: d.min_payout.currency,
});

/** Applied to new affiliates: manager, hold days and minimum payout (typed in major units, sent in minor). */
export function AffiliateDefaultsForm({ currencies }: { currencies: Option[] }) {
  const defaults = useAffiliateDefaults();
  const managers = useManagerOptions();
  const update = useUpdateAffiliateDefaults();
  const [values, setValues] = useState<Values | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const managerOptions = useMemo(
    () =>
      (managers.data?.list ?? []).map((m) => ({
        value: m.uuid,
        label: `${[m.first_name, m.last_name].filter(Boolean).join(' ')} (${m.email})`,
      })),
    [managers.data],
  );

  useEffect(() => {
    if (defaults.data && !values) setValues(toValues(defaults.data));
  }, [defaults.data, values]);
  if (!values) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amount = majorToMinor(values.amount);
    if (amount === null) return setErrors({ 'min_payout.amount': 'Enter an amount, 0 or more' });
    const parsed = affiliateDefaultsSchema.safeParse({
      default_manager_uuid: values.manager,
      hold_days: Number(values.hold_days),
      min_payout: { amount, currency: values.currency },
    });
    if (!parsed.success) {
      return setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message])));
    }
    setErrors({});
    update.mutate(parsed.data, {
      onSuccess: (data) => setValues(toValues(data)),
      onError: (error) => setErrors(apiFieldErrors(error)),
    });
  };

  return (
    <Paper withBorder radius="md" p="lg" maw={720}>
      <form onSubmit={submit} noValidate aria-label="Affiliate settings">
        <Stack gap="md">
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
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
