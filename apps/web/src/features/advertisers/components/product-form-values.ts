import type { Product } from '@pxl/contract/advertisers/advertisers.schemas';
import type { Currency } from '@pxl/contract/constants/constants.data';

export type CredentialRow = { key: string; value: string };
export type RevenueRow = { geo: string; amount: number | string; currency: Currency };

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
};

export const productToValues = (p?: Product): ProductFormValues => ({
  name: p?.name ?? '',
  integration_type: p?.integration_type ?? 'json',
  replaceCredentials: !p,
  // Values are never sent back by the server; only the key names are known.
  credentials: (p?.credential_keys ?? []).map((key) => ({ key, value: '' })),
  payment_type: p?.payment_type ?? 'cpa',
  revenue: (p?.revenue ?? []).map((r) => ({ geo: r.geo, amount: r.amount / 100, currency: r.currency })),
  geos: [...(p?.geos ?? [])],
  status: p && p.status !== 'deleted' ? p.status : 'not_active',
});

/** The request body: credentials only when replaced (omitted keeps the stored ones), money in minor units. */
export function productBody(values: ProductFormValues, creating: boolean): Record<string, unknown> {
  const { replaceCredentials, credentials, revenue, ...rest } = values;
  const rows = credentials.filter((c) => c.key.trim() || c.value);
  const sendCredentials = replaceCredentials && !(creating && rows.length === 0);
  return {
    ...rest,
    credentials: sendCredentials ? Object.fromEntries(rows.map((c) => [c.key.trim(), c.value])) : undefined,
    revenue: revenue.map((r) => ({ geo: r.geo, currency: r.currency, amount: r.amount === '' ? Number.NaN : Math.round(Number(r.amount) * 100) })),
  };
}
