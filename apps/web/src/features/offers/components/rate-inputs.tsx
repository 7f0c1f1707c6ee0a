import { NumberInput } from '@mantine/core';
import type { GoalPaymentType } from '@pxl/contract/offers/offers.schemas';
import type { FieldErrors } from '@/lib/form-errors.ts';
import type { RateValues } from './goals-values.ts';

/** Revenue, payout and payout percent of one rate; which of them show depends on the payment type. */
export function RateInputs({
  type,
  rate,
  onChange,
  errors,
  path,
  currency,
  withRevenue = true,
}: {
  type: GoalPaymentType;
  rate: Partial<RateValues>;
  onChange: (patch: Partial<RateValues>) => void;
  errors: FieldErrors;
  /** Error key prefix, e.g. "goals.0" or "goals.0.geo_rates.2". */
  path: string;
  currency: string;
  withRevenue?: boolean;
}) {
  const money = {
    min: 0,
    decimalScale: 2,
    thousandSeparator: ' ',
    w: 120,
    rightSection: currency,
    rightSectionWidth: 44,
  } as const;
  return (
    <>
      {withRevenue && (
        <NumberInput
          label="Revenue"
          placeholder="0.00"
          {...money}
          value={rate.revenue}
          error={errors[`${path}.revenue`]}
          onChange={(revenue) => onChange({ revenue })}
        />
      )}
      {type !== 'revshare' && (
        <NumberInput
          label="Payout"
          placeholder="0.00"
          {...money}
          value={rate.payout}
          error={errors[`${path}.payout`]}
          onChange={(payout) => onChange({ payout })}
        />
      )}
      {type !== 'cpa' && (
        <NumberInput
          label="Payout %"
          placeholder="0"
          min={0}
          max={1000}
          decimalScale={2}
          w={100}
          rightSection="%"
          value={rate.payout_percent}
          error={errors[`${path}.payout_percent`] ?? (type === 'revshare' ? errors[`${path}.payout`] : undefined)}
          onChange={(payout_percent) => onChange({ payout_percent })}
        />
      )}
    </>
  );
}
