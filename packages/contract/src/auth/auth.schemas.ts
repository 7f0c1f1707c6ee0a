import { z } from 'zod';
import { roleSchema, MANAGER_TYPE_VALUES, USER_STATUSES } from '../access/roles.ts';
import { optionalPersonNameSchema, personNameSchema } from './person-name.ts';

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: 'Enter a valid email address' }));
export const passwordSchema = z
  .string()
  .min(8, { message: 'Password must be at least 8 characters' })
  .max(128, { message: 'Password must be at most 128 characters' });

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z.string().min(1, { message: 'Password is required' }).max(128),
  // A 6-digit TOTP or a one-time recovery code (xxxxx-xxxxx, any case); the message stays the one the login form knows.
  code: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^(\d{6}|[a-z0-9]{5}-[a-z0-9]{5})$/, { message: 'Code must be 6 digits' })
    .optional(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** `type` is the manager type for staff below admin, 'admin' for admin, the role for partners (docs/product/roles-and-scoping.md). */
export const sessionTypeSchema = z.enum(['admin', ...MANAGER_TYPE_VALUES]);

export const sessionDataSchema = z.object({
  token: z.string(),
  user_role: roleSchema,
  uuid: z.uuid(),
  type: sessionTypeSchema,
  email: z.string(),
});
export type SessionData = z.infer<typeof sessionDataSchema>;

const optionalText = (max: number) => z.string().trim().max(max).optional();

export const registrationBodySchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  first_name: personNameSchema('First name'),
  last_name: optionalPersonNameSchema('Last name'),
  telegram: optionalText(100),
  skype: optionalText(100),
  website: optionalText(300),
  account: z.enum(['affiliate', 'advertiser']).default('affiliate'),
  /** Required to be true only when the registration settings ask for terms (checked on the server). */
  accept_terms: z.boolean().optional(),
  /** The referral code of the link the affiliate came by (/signup?ref=CODE); an unknown code is ignored. */
  ref: z.string().max(100).optional(),
});
export type RegistrationBody = z.input<typeof registrationBodySchema>;

export const registrationDataSchema = z.object({
  uuid: z.uuid(),
  email: z.string(),
  status: z.enum(USER_STATUSES),
});

export const checkUserDataBodySchema = z.object({ email: emailSchema });
export const checkUserDataSchema = z.object({ email: z.string(), available: z.boolean() });

export const affiliateTokenBodySchema = z.object({ uuid: z.uuid({ message: 'uuid must be a UUID' }) });

export const recoveryRequestBodySchema = z.object({ email: emailSchema });
export const recoveryResetBodySchema = z.object({ token: z.string().min(20).max(200), password: passwordSchema });

export const contactsSchema = z.object({
  skype: z.string().optional(),
  telegram: z.string().optional(),
  email: z.string().optional(),
  linkedin: z.string().optional(),
  phone: z.string().optional(),
});
export type Contacts = z.infer<typeof contactsSchema>;

export const personSchema = z.object({
  uuid: z.uuid(),
  email: z.string(),
  name: z.string(),
  contacts: contactsSchema,
});

export const meSchema = z.object({
  uuid: z.uuid(),
  email: z.string(),
  role: roleSchema,
  type: sessionTypeSchema,
  status: z.enum(USER_STATUSES),
  first_name: z.string(),
  last_name: z.string(),
  contacts: contactsSchema,
  created_at: z.string(),
  last_login_at: z.string().nullable(),
  manager: personSchema.nullable(),
  impersonated_by: z.object({ uuid: z.uuid(), email: z.string() }).nullable(),
});
export type Me = z.infer<typeof meSchema>;

export const emptySchema = z.object({});
