import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  INTEGRATION_TEMPLATES,
  integrationTemplateSchema,
  sandboxRulesSchema,
  type IntegrationTemplate,
  type Product,
  type productInputSchema,
  type SandboxRules,
} from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { inTransaction, writeAudit } from '../../lib/audit.ts';
import { notFound } from '../../lib/errors.ts';
import type { Secrets } from '../../lib/secrets.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { findPartnerInScope } from '../../lib/people.ts';

type Input = z.output<typeof productInputSchema>;
type ProductRow = typeof products.$inferSelect;
type Meta = { ip: string };

/** The stored template, or the type's starting one for products made before templates existed. */
export const templateOf = (p: Pick<ProductRow, 'integration' | 'integrationType'>): IntegrationTemplate =>
  integrationTemplateSchema.parse(
    Object.keys(p.integration).length
      ? p.integration
      : INTEGRATION_TEMPLATES[p.integrationType as Product['integration_type']],
  );
export const sandboxRulesOf = (p: Pick<ProductRow, 'sandboxRules' | 'integrationType'>): SandboxRules | null =>
  p.integrationType === 'sandbox' ? sandboxRulesSchema.parse(p.sandboxRules ?? {}) : null;

/** The mapper never touches credentials_enc: the browser learns only which credential names are set. */
const toProduct = (p: ProductRow): Product => ({
  uuid: p.id,
  advertiser_uuid: p.advertiserId,
  name: p.name,
  integration_type: p.integrationType as Product['integration_type'],
  credential_keys: p.credentialKeys,
  payment_type: p.paymentType as Product['payment_type'],
  revenue: p.revenue as Product['revenue'],
  geos: p.geos,
  status: p.status as Product['status'],
  tested_at: p.testedAt?.toISOString() ?? null,
  created_at: p.createdAt.toISOString(),
  integration: templateOf(p),
  sandbox_rules: sandboxRulesOf(p),
});

/** Products live under an advertiser: an advertiser out of the caller's scope hides its products (404). */
const advertiserInScope = async (db: Db, auth: AuthContext, advertiserId: string) => {
  const advertiser = await findPartnerInScope(db, auth, advertiserId, 'advertiser');
  if (!advertiser) throw notFound('Advertiser');
  return advertiser;
};

const findLiveProduct = async (db: Db, advertiserId: string, productId: string) => {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, productId), eq(products.advertiserId, advertiserId), ne(products.status, 'deleted')))
    .limit(1);
  if (!row) throw notFound('Product');
  return row;
};

/** `undefined` keeps what is stored (the form cannot show it back); `{}` clears. */
const credentialValues = (secrets: Secrets, credentials: Input['credentials']) => {
  if (credentials === undefined) return {};
  const keys = Object.keys(credentials).sort();
  return keys.length
    ? { credentialsEnc: secrets.encrypt(JSON.stringify(credentials)), credentialKeys: keys }
    : { credentialsEnc: null, credentialKeys: [] };
};

/** A template or sandbox rules left out keep what is stored; on create, or on a change of type, the type's defaults. */
const fieldValues = (input: Input, current?: ProductRow) => {
  const typeChanged = !current || current.integrationType !== input.integration_type;
  const integration =
    input.integration ??
    (typeChanged ? integrationTemplateSchema.parse(INTEGRATION_TEMPLATES[input.integration_type]) : undefined);
  const sandbox =
    input.integration_type === 'sandbox'
      ? (input.sandbox_rules ?? (typeChanged ? sandboxRulesSchema.parse({}) : undefined))
      : null;
  return {
    name: input.name,
    integrationType: input.integration_type,
    paymentType: input.payment_type,
    revenue: input.revenue.map(({ geo, amount, currency }) => ({ geo, amount, currency })),
    geos: [...new Set(input.geos)],
    status: input.status,
    ...(integration && { integration }),
    ...(sandbox !== undefined && { sandboxRules: sandbox }),
  };
};

export const listProducts = async ({ db }: AppDeps, auth: AuthContext, advertiserId: string) => {
  await advertiserInScope(db, auth, advertiserId);
  const rows = await db
    .select()
    .from(products)
    .where(and(eq(products.advertiserId, advertiserId), ne(products.status, 'deleted')))
    .orderBy(asc(products.createdAt), asc(products.id));
  return { list: rows.map(toProduct) };
};

/** Which fields a change touched: credentials by name only, their values never (docs/decisions/016-token-totp-audit.md). */
const AUDITED = [
  'name',
  'integrationType',
  'paymentType',
  'revenue',
  'geos',
  'status',
  'integration',
  'sandboxRules',
  'credentialKeys',
] as const;
const changedFields = (before: Partial<ProductRow>, after: ProductRow) =>
  AUDITED.filter((k) => JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null));

const auditProduct = (
  tx: Db,
  auth: AuthContext,
  { ip }: Meta,
  change: 'create' | 'update' | 'delete',
  row: ProductRow,
  details: Record<string, unknown>,
) =>
  writeAudit(tx, {
    action: 'product_change',
    actorId: auth.user.id,
    subjectId: row.advertiserId,
    ip,
    details: { product_uuid: row.id, name: row.name, change, ...details },
  });

export const createProduct = async (
  { db, secrets }: AppDeps,
  auth: AuthContext,
  advertiserId: string,
  input: Input,
  meta: Meta,
) => {
  await advertiserInScope(db, auth, advertiserId);
  const row = await inTransaction(db, async (tx) => {
    const [created] = await tx
      .insert(products)
      .values({ advertiserId, ...fieldValues(input), ...credentialValues(secrets, input.credentials ?? {}) })
      .returning();
    await auditProduct(tx, auth, meta, 'create', created, {
      integration_type: created.integrationType,
      status: created.status,
      credential_keys: created.credentialKeys,
    });
    return created;
  });
  return toProduct(row);
};

export const updateProduct = async (
  { db, secrets }: AppDeps,
  auth: AuthContext,
  advertiserId: string,
  productId: string,
  input: Input,
  meta: Meta,
) => {
  await advertiserInScope(db, auth, advertiserId);
  const current = await findLiveProduct(db, advertiserId, productId);
  // A product is usable only after a successful test (docs/product/leads.md): changing how it connects calls for a new test.
  const retest =
    input.integration_type !== current.integrationType ||
    input.credentials !== undefined ||
    (input.integration !== undefined && JSON.stringify(input.integration) !== JSON.stringify(templateOf(current)));
  const row = await inTransaction(db, async (tx) => {
    const [updated] = await tx
      .update(products)
      .set({
        ...fieldValues(input, current),
        ...credentialValues(secrets, input.credentials),
        ...(retest && { testedAt: null }),
        updatedAt: sql`now()`,
      })
      .where(eq(products.id, productId))
      .returning();
    await auditProduct(tx, auth, meta, 'update', updated, {
      changed: changedFields(current, updated),
      credentials_replaced: input.credentials !== undefined,
      credential_keys: updated.credentialKeys,
    });
    return updated;
  });
  return toProduct(row);
};

/** Soft: leads and attempts will point at products, so the row stays for history. */
export const deleteProduct = async (
  { db }: AppDeps,
  auth: AuthContext,
  advertiserId: string,
  productId: string,
  meta: Meta,
) => {
  await advertiserInScope(db, auth, advertiserId);
  const current = await findLiveProduct(db, advertiserId, productId);
  await inTransaction(db, async (tx) => {
    await tx
      .update(products)
      .set({ status: 'deleted', updatedAt: sql`now()` })
      .where(eq(products.id, productId));
    await auditProduct(tx, auth, meta, 'delete', current, { from: current.status });
  });
  return {};
};
