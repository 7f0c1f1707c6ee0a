import { z } from 'zod';
import { contactsSchema, emailSchema, passwordSchema } from '../auth/auth.schemas.ts';
import { GEOS } from '../constants/geos.data.ts';
import { PAYMENT_SYSTEMS } from '../constants/constants.data.ts';
import { listQuerySchema, moneySchema, optionalText, refSchema } from '../http/list.ts';
import { optionalPersonNameSchema, personNameSchema } from '../auth/person-name.ts';

export const AFFILIATE_STATUSES = ['active', 'not_active', 'on_moderation', 'banned', 'deleted'] as const;
export const affiliateStatusSchema = z.enum(AFFILIATE_STATUSES);

export const geoSchema = z.string().refine((g) => g in GEOS, { message: 'Unknown country code' });
export const tagSchema = z.string().trim().min(1).max(40);

export const paymentMethodSchema = z.object({
  system: z.enum(Object.keys(PAYMENT_SYSTEMS) as [keyof typeof PAYMENT_SYSTEMS, ...(keyof typeof PAYMENT_SYSTEMS)[]], {
    message: 'Unknown payment system',
  }),
  details: z.string().trim().min(1, { message: 'Account details are required' }).max(500),
  priority: z.number().int().min(1).max(100),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const paymentMethodsSchema = z
  .array(paymentMethodSchema)
  .max(10)
  .refine((list) => new Set(list.map((m) => m.priority)).size === list.length, {
    message: 'Each payment method needs its own priority',
  });

export const affiliateSchema = z.object({
  uuid: z.uuid(),
  email: z.string(),
  username: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  status: affiliateStatusSchema,
  contacts: contactsSchema,
  manager: refSchema.nullable(),
  geos: z.array(z.string()),
  tags: z.array(z.string()),
  notes: z.string(),
  website: z.string(),
  heard_from: z.string(),
  min_payout: moneySchema,
  referrer: refSchema.nullable(),
  payment_methods: z.array(paymentMethodSchema),
  api_key_prefix: z.string().nullable(),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
});
export type Affiliate = z.infer<typeof affiliateSchema>;

const affiliateFields = {
  email: emailSchema,
  username: z
    .string()
    .trim()
    .regex(/^[a-z0-9_.-]{3,40}$/i, { message: '3–40 letters, digits, dot, dash or underscore' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  first_name: personNameSchema('First name'),
  last_name: optionalPersonNameSchema('Last name'),
  status: affiliateStatusSchema.exclude(['deleted']).default('active'),
  contacts: contactsSchema.default({}),
  manager_uuid: z.uuid().nullable().optional(),
  geos: z.array(geoSchema).max(300).default([]),
  tags: z.array(tagSchema).max(30).default([]),
  notes: optionalText(5000),
  website: optionalText(300),
  heard_from: optionalText(300),
  min_payout: moneySchema.optional(),
  referrer_uuid: z.uuid().nullable().optional(),
  payment_methods: paymentMethodsSchema.default([]),
};

export const affiliateCreateSchema = z.object({ ...affiliateFields, password: passwordSchema });
export const affiliateUpdateSchema = z.object({
  ...affiliateFields,
  status: affiliateStatusSchema.optional(),
  password: passwordSchema.optional().or(z.literal('').transform(() => undefined)),
});
export type AffiliateCreate = z.input<typeof affiliateCreateSchema>;

export const AFFILIATE_SORTS = ['created_at', 'email', 'name', 'status', 'last_login_at'] as const;
export const affiliateListQuerySchema = listQuerySchema(AFFILIATE_SORTS).extend({
  status: affiliateStatusSchema.optional(),
  manager_uuid: z.uuid().optional(),
  geo: geoSchema.optional(),
  tag: tagSchema.optional(),
});

export const statusChangeSchema = z.object({ status: affiliateStatusSchema, reason: optionalText(500) });
export const apiKeyRevealSchema = z.object({ name: z.string(), key: z.string(), prefix: z.string() });
