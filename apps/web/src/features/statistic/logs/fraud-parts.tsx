import { NumberInput } from '@mantine/core';
import type { DataColumn, ListStateApi } from '@/components/data-table/index.ts';
import { FraudVerdictCell, fraudText, type Verdict } from '@/components/ui/fraud-verdict.tsx';
import type { LogAccess } from './log-access.ts';

// The fraud verdict in the logs (docs/product/fraud.md): staff only, as the server sends it to staff only.

export const FRAUD_FILTER = 'fraud_score_min';
export const FRAUD_FILTER_LABELS = { [FRAUD_FILTER]: (v: string) => `Fraud score at least ${v}` };

/** The Fraud column: the score as a badge that opens its reasons; "Not scored" before the row was scored. */
export const fraudColumn = <Row extends Verdict>(access: LogAccess): DataColumn<Row>[] =>
  access.staff
    ? [
        {
          key: 'fraud_score',
          header: 'Fraud',
          width: 80,
          render: (r) => <FraudVerdictCell verdict={r} flagAt={access.flagAt} />,
          exportValue: (r) => fraudText(r),
        },
      ]
    : [];

/** "Score at least N" in the list's filters: empty lists every row, 0 the scored ones. */
export function FraudScoreFilter({ list, access }: { list: ListStateApi; access: LogAccess }) {
  if (!access.staff) return null;
  const value = list.state.filters[FRAUD_FILTER];
  return (
    <NumberInput
      label="Fraud score at least"
      name={FRAUD_FILTER}
      placeholder="Any"
      min={0}
      max={100}
      clampBehavior="strict"
      allowDecimal={false}
      allowNegative={false}
      w={180}
      value={value === undefined ? '' : Number(value)}
      onChange={(v) => list.update({ filters: { [FRAUD_FILTER]: v === '' ? undefined : String(v) } })}
    />
  );
}
