import { z } from 'zod';
import { contactsSchema, passwordSchema } from '../auth/auth.schemas.ts';
import { optionalPersonNameSchema, personNameSchema } from '../auth/person-name.ts';
import { paymentMethodSchema, paymentMethodsSchema } from '../affiliates/affiliates.schemas.ts';

export const profileSchema = z.object({
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  contacts: contactsSchema,
  /** The user's own display time zone; null = the network default. */
  time_zone: z.string().nullable(),
  two_factor: z.boolean(),
});
export const profileUpdateSchema = z.object({
  first_name: personNameSchema('First name'),
  last_name: optionalPersonNameSchema('Last name'),
  contacts: contactsSchema.default({}),
  time_zone: z
    .string()
    .refine(
      (tz) => {
        try {
          new Intl.DateTimeFormat('en', { timeZone: tz });
          return true;
        } catch {
          return false;
        }
      },
      { message: 'Unknown time zone' },
    )
    .nullable()
    .default(null),
});

export const passwordChangeSchema = z.object({
  current_password: z.string().min(1, { message: 'Current password is required' }).max(128),
  new_password: passwordSchema,
});

export const twoFactorSetupSchema = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  /** An SVG of the QR code for the otpauth URL, ready to show. */
  qr_svg: z.string(),
});
export const twoFactorCodeSchema = z.object({
  code: z.string().regex(/^\d{6}$/, { message: 'Code must be 6 digits' }),
});
export const twoFactorEnabledSchema = z.object({ recovery_codes: z.array(z.string()) });
export const twoFactorDisableSchema = z.object({
  password: z.string().min(1).max(128),
  code: z.string().min(6).max(11),
});

export const sessionInfoSchema = z.object({
  uuid: z.uuid(),
  created_at: z.string(),
  last_seen_at: z.string(),
  expires_at: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  current: z.boolean(),
  impersonated_by: z.string().nullable(),
});

export const apiKeySchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export const apiKeyCreateSchema = z.object({ name: z.string().trim().min(1, { message: 'Name is required' }).max(60) });
/** The only time the whole key is shown. */
export const apiKeyCreatedSchema = apiKeySchema.extend({ key: z.string() });

/**
 * A stolen session must not redirect payouts (docs/product/billing.md): a change needs the current password and, with
 * 2FA on, a code (or a recovery code). Optional here so that a missing one is refused by the server with its own text.
 */
export const paymentMethodsBodySchema = z.object({
  payment_methods: paymentMethodsSchema,
  password: z.string().max(128).optional(),
  totp_code: z.string().trim().max(11).optional(),
});
export const paymentMethodsDataSchema = z.object({ payment_methods: z.array(paymentMethodSchema) });

export const apiKeyCheckSchema = z.object({ affiliate_uuid: z.uuid(), key_name: z.string() });
