import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { Option } from '@pxl/contract/constants/options';
import { paymentMethodsSchema, type PaymentMethod } from '@pxl/contract/affiliates/affiliates.schemas';
import { AUTH_CODE_ERROR, isAuthCode, normalizeAuthCode } from '@/lib/auth-code.ts';
import { isApiError } from '@/lib/http/api-error.ts';
import {
  freeSystems,
  methodsFromRows,
  moveRow,
  newRowKey,
  rowErrorsFrom,
  rowsFromMethods,
  type PaymentMethodValue,
  type PaymentRow,
  type RowErrors,
} from '@/lib/payment-methods.ts';
import { useProfile } from '../api/get-profile.ts';
import { usePaymentMethods } from '../api/get-payment-methods.ts';
import { usePutPaymentMethods } from '../api/put-payment-methods.ts';
import { PaymentMethodRow } from './payment-method-row.tsx';
import { SettingsForm } from '@/components/forms/settings-form.tsx';
import { CurrentPasswordInput, AuthCodeInput } from '@/components/forms/fields.tsx';

const MAX_METHODS = 10;
type Errors = { rows: Record<number, RowErrors>; general?: string; password?: string; totp_code?: string };

/** The API's refusals of the confirmation go under their fields; the rest to the rows or the form. */
const errorsFrom = (fields: Record<string, string>, rowIndex: readonly number[]): Errors => {
  const { password, totp_code, ...rest } = fields;
  return { ...rowErrorsFrom(rest, rowIndex), password, totp_code };
};

/**
 * Payment systems with account details, in priority order; invoices use the first one. A change asks for the
 * password (and the 2FA code when it is on), so a session alone cannot redirect payouts (docs/product/billing.md).
 */
export function PaymentMethodsForm({ systems }: { systems: Option[] }) {
  const methods = usePaymentMethods();
  // The rows start from the details as first loaded; a later refetch does not overwrite what is being edited.
  return methods.data ? <PaymentMethodsEditor initial={methods.data.payment_methods} systems={systems} /> : null;
}

function PaymentMethodsEditor({ initial, systems }: { initial: readonly PaymentMethodValue[]; systems: Option[] }) {
  const profile = useProfile();
  const save = usePutPaymentMethods();
  const [rows, setRows] = useState(() => rowsFromMethods(initial));
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors>({ rows: {} });
  const twoFactor = profile.data?.two_factor ?? false;
  const update = (next: PaymentRow[]) => {
    setRows(next);
    setErrors({ rows: {} });
  };
  const optionsFor = (own: string | null) => {
    const free = new Set(
      freeSystems(
        systems.map((s) => s.value),
        rows,
        own,
      ),
    );
    return systems.filter((s) => free.has(s.value));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { methods: body, rowIndex } = methodsFromRows(rows);
    const parsed = paymentMethodsSchema.safeParse(body);
    if (!parsed.success) {
      const fields = Object.fromEntries(
        parsed.error.issues.map((i) => [i.path.length ? i.path.join('.') : 'payment_methods', i.message]),
      );
      return setErrors(rowErrorsFrom(fields, rowIndex));
    }
    const totpCode = normalizeAuthCode(code);
    const missing: Errors = {
      rows: {},
      password: password ? undefined : 'Enter your current password to change payment details',
      totp_code: !twoFactor || isAuthCode(totpCode) ? undefined : AUTH_CODE_ERROR,
    };
    if (missing.password || missing.totp_code) return setErrors(missing);
    save.mutate(
      { methods: parsed.data as PaymentMethod[], password, ...(twoFactor && { totpCode }) },
      {
        onSuccess: (data) => {
          update(rowsFromMethods(data.payment_methods));
          setPassword('');
          setCode('');
        },
        onError: (error) => setErrors(errorsFrom(isApiError(error) ? error.fields : {}, rowIndex)),
      },
    );
  };

  return (
    <SettingsForm
      label="Payment details"
      maw={860}
      saving={save.isPending}
      onSubmit={submit}
      actions={
        <Button
          variant="default"
          leftSection={<IconPlus size={16} />}
          disabled={rows.length >= Math.min(MAX_METHODS, systems.length)}
          onClick={() =>
            update([...rows, { key: newRowKey(), system: optionsFor(null)[0]?.value ?? null, details: '' }])
          }
        >
          Add payment system
        </Button>
      }
    >
      <Text size="sm" c="dimmed">
        Where we send your payouts. Priority 1 is used first; use the arrows to change the order. Invoices already made
        keep the details they were made with.
      </Text>
      {errors.general && <Alert color="red">{errors.general}</Alert>}
      {rows.length === 0 && <Text size="sm">No payment details yet. Add a payment system to receive payouts.</Text>}
      {rows.map((row, index) => (
        <PaymentMethodRowSlot
          key={row.key}
          row={row}
          index={index}
          rows={rows}
          errors={errors.rows[index]}
          systems={optionsFor(row.system)}
          update={update}
        />
      ))}
      <Group align="flex-start" grow maw={560}>
        <CurrentPasswordInput
          label="Current password"
          description="Needed to change where payouts go"
          name="payment_password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={errors.password}
        />
        {twoFactor && (
          <AuthCodeInput
            description="From your authenticator app"
            name="payment_totp_code"
            required
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            error={errors.totp_code}
          />
        )}
      </Group>
    </SettingsForm>
  );
}

function PaymentMethodRowSlot({
  row,
  index,
  rows,
  errors,
  systems,
  update,
}: {
  row: PaymentRow;
  index: number;
  rows: PaymentRow[];
  errors?: RowErrors;
  systems: Option[];
  update: (rows: PaymentRow[]) => void;
}) {
  return (
    <PaymentMethodRow
      row={row}
      index={index}
      count={rows.length}
      systems={systems}
      errors={errors}
      onChange={(next) => update(rows.map((r, i) => (i === index ? next : r)))}
      onMove={(delta) => update(moveRow(rows, index, delta))}
      onRemove={() => update(rows.filter((_, i) => i !== index))}
    />
  );
}
