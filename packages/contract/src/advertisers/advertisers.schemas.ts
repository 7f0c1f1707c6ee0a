import { z } from 'zod';
import { USER_STATUSES } from '../access/roles.ts';
import { integrationTemplateSchema, sandboxRulesSchema } from '../leads/integration.schemas.ts';
import { contactsSchema, emailSchema, passwordSchema } from '../auth/auth.schemas.ts';
import { INTEGRATION_TYPES } from '../constants/constants.data.ts';
import { listQuerySchema, moneySchema, optionalText, refSchema } from '../http/list.ts';
import { optionalPersonNameSchema } from '../auth/person-name.ts';
import { geoSchema } from '../affiliates/affiliates.schemas.ts';

/** What staff may set; an advertiser who signed up while registration needs approval waits on moderation. */
export const ADVERTISER_STATUSES = ['active', 'not_active', 'on_moderation', 'deleted'] as const;
export const advertiserStatusSchema = z.enum(ADVERTISER_STATUSES);

export const advertiserSchema = z.object({
  uuid: z.uuid(),
  email: z.string(),
  company: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** Any status the account's column holds (users_status_check), so a row never fails its answer. */
  status: z.enum(USER_STATUSES),
  contacts: contactsSchema,
  manager: refSchema.nullable(),
  notes: z.string(),
  /** The last characters of the postback token; the token itself is shown once (docs/decisions/016-token-totp-audit.md). */
  postback_token_hint: z.string(),
  products_count: z.number().int(),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
});
export type Advertiser = z.infer<typeof advertiserSchema>;

/** Sent by the advertiser with inbound postbacks (docs/product/tracking.md); only the answers that create or rotate it carry it. */
export const postbackTokenSchema = z.object({ postback_token: z.string(), postback_token_hint: z.string() });
export const advertiserCreatedSchema = advertiserSchema.extend({ postback_token: z.string() });

const advertiserFields = {
  email: emailSchema,
  company: z.string().trim().min(1, { message: 'Company is required' }).max(200),
  first_name: optionalPersonNameSchema('First name'),
  last_name: optionalPersonNameSchema('Last name'),
  status: advertiserStatusSchema.exclude(['deleted']).default('active'),
  contacts: contactsSchema.default({}),
  manager_uuid: z.uuid().nullable().optional(),
  notes: optionalText(5000),
};
export const advertiserCreateSchema = z.object({ ...advertiserFields, password: passwordSchema });
export const advertiserUpdateSchema = z.object({
  ...advertiserFields,
  status: advertiserStatusSchema.optional(),
  password: passwordSchema.optional().or(z.literal('').transform(() => undefined)),
});

export const ADVERTISER_SORTS = ['created_at', 'email', 'company', 'status'] as const;
export const advertiserListQuerySchema = listQuerySchema(ADVERTISER_SORTS).extend({
  status: advertiserStatusSchema.optional(),
  manager_uuid: z.uuid().optional(),
});
export const advertiserStatusChangeSchema = z.object({ status: advertiserStatusSchema });

// Products (docs/product/leads.md): one advertiser integration. The sending engine comes with lead distribution.
export const PRODUCT_STATUSES = ['active', 'not_active', 'deleted'] as const;
export const PAYMENT_TYPES = ['cpa', 'revshare', 'mixed'] as const;
const integrationTypes = Object.keys(INTEGRATION_TYPES) as [
  keyof typeof INTEGRATION_TYPES,
  ...(keyof typeof INTEGRATION_TYPES)[],
];

export const geoRevenueSchema = moneySchema.extend({ geo: geoSchema });

export const productSchema = z.object({
  uuid: z.uuid(),
  advertiser_uuid: z.uuid(),
  name: z.string(),
  integration_type: z.enum(integrationTypes),
  /** Credentials are write-only: the browser only learns which keys are set. */
  credential_keys: z.array(z.string()),
  payment_type: z.enum(PAYMENT_TYPES),
  revenue: z.array(geoRevenueSchema),
  geos: z.array(z.string()),
  status: z.enum(PRODUCT_STATUSES),
  tested_at: z.string().nullable(),
  created_at: z.string(),
  /** How the product is called; credentials appear in it only as {credentials.NAME} macros. */
  integration: integrationTemplateSchema,
  /** The sandbox buyer's behaviour; null for other integration types. */
  sandbox_rules: sandboxRulesSchema.nullable(),
});
export type Product = z.infer<typeof productSchema>;

export const productInputSchema = z.object({
  name: z.string().trim().min(1, { message: 'Name is required' }).max(200),
  integration_type: z.enum(integrationTypes, { message: 'Unknown integration type' }),
  /** Omit to keep the stored credentials; send {} to clear them. */
  credentials: z
    .record(
      z.string().regex(/^[a-z0-9_]{1,40}$/i, { message: 'Credential names: letters, digits, underscore' }),
      z.string().max(2000),
    )
    .optional(),
  payment_type: z.enum(PAYMENT_TYPES).default('cpa'),
  revenue: z
    .array(geoRevenueSchema)
    .max(300)
    .default([])
    .refine((list) => new Set(list.map((r) => r.geo)).size === list.length, { message: 'One revenue per country' }),
  geos: z.array(geoSchema).max(300).default([]),
  status: z.enum(PRODUCT_STATUSES).exclude(['deleted']).default('not_active'),
  /** Omit to keep the stored template (on create: the integration type's starting template). */
  integration: integrationTemplateSchema.optional(),
  /** Sandbox products only; omit to keep (on create: the defaults). */
  sandbox_rules: sandboxRulesSchema.optional(),
});
export const productParamsSchema = z.object({ uuid: z.uuid(), product: z.uuid() });
