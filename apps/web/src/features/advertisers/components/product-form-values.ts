import type { Product } from '@pxl/contract/advertisers/advertisers.schemas';
import type { Currency } from '@pxl/contract/constants/constants.data';
import { sandboxRulesSchema, type SandboxRules } from '@pxl/contract/leads/integration.schemas';
import { fromMinor, toMinor } from '@/lib/money.ts';
import { integrationBody, integrationFor, type IntegrationValues } from './integration-values.ts';

export type CredentialRow = { key: string; value: string };
export type RevenueRow = { geo: string; amount: number | string; currency: Currency };

/** Numbers may be '' while typed; '' takes the default. */
export type SandboxValues = {
  [K in keyof SandboxRules]: SandboxRules[K] extends number ? number | string : SandboxRules[K];
};

export type ProductFormValues = {
  name: string;
  integration_type: string;
  /** Stored credentials are kept unless the user chooses to replace them. */
  replaceCredentials: boolean;
  credentials: CredentialRow[];
  payment_type: string;
  revenue: RevenueRow[];
  geos: string[];
  status: string;
  integration: IntegrationValues;
  /** Kept while another type is chosen, so switching back does not lose them; sent for the sandbox type only. */
  sandbox: SandboxValues;
};

export const productToValues = (p?: Product): ProductFormValues => ({
  name: p?.name ?? '',
  integration_type: p?.integration_type ?? 'json',
  replaceCredentials: !p,
  // Values are never sent back by the server; only the key names are known.
  credentials: (p?.credential_keys ?? []).map((key) => ({ key, value: '' })),
  payment_type: p?.payment_type ?? 'cpa',
  revenue: (p?.revenue ?? []).map((r) => ({ geo: r.geo, amount: fromMinor(r.amount), currency: r.currency })),
  geos: [...(p?.geos ?? [])],
  status: p && p.status !== 'deleted' ? p.status : 'not_active',
  integration: integrationFor(p?.integration_type ?? 'json', p),
  sandbox: p?.sandbox_rules ?? sandboxRulesSchema.parse({}),
});

const SANDBOX_NUMBERS = ['delay_ms', 'ftd_percent', 'status_step_seconds'] as const;
const sandboxBody = (s: SandboxValues) => ({
  ...s,
  ...Object.fromEntries(SANDBOX_NUMBERS.map((k) => [k, s[k] === '' ? undefined : Number(s[k])])),
});

/** The request body: credentials only when replaced (omitted keeps the stored ones), money in minor units. */
export function productBody(values: ProductFormValues, creating: boolean): Record<string, unknown> {
  const { replaceCredentials, credentials, revenue, integration, sandbox, ...rest } = values;
  const rows = credentials.filter((c) => c.key.trim() || c.value);
  const sendCredentials = replaceCredentials && !(creating && rows.length === 0);
  return {
    ...rest,
    credentials: sendCredentials ? Object.fromEntries(rows.map((c) => [c.key.trim(), c.value])) : undefined,
    revenue: revenue.map((r) => ({
      geo: r.geo,
      currency: r.currency,
      amount: toMinor(r.amount),
    })),
    integration: integrationBody(integration),
    sandbox_rules: values.integration_type === 'sandbox' ? sandboxBody(sandbox) : undefined,
  };
}
