import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

export type StoredPaymentMethod = { system: string; details: string; priority: number };

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  role: text('role').notNull(),
  managerType: text('manager_type'),
  status: text('status').notNull().default('active'),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  contacts: jsonb('contacts').$type<Record<string, string>>().notNull().default({}),
  managerId: uuid('manager_id').references((): AnyPgColumn => users.id),
  teamLeadId: uuid('team_lead_id').references((): AnyPgColumn => users.id),
  totpSecret: text('totp_secret'),
  /** Set by 2FA set-up, moved to totp_secret once a code confirms it. */
  totpPendingSecret: text('totp_pending_secret'),
  /** The last TOTP time step accepted: a code is good once (RFC 6238 §5.2). */
  totpLastStep: integer('totp_last_step'),
  /** SHA-256 hashes of unused recovery codes. */
  recoveryCodes: jsonb('recovery_codes').$type<string[]>().notNull().default([]),
  username: text('username').unique(),
  company: text('company').notNull().default(''),
  tags: text('tags').array().notNull().default([]),
  geos: text('geos').array().notNull().default([]),
  notes: text('notes').notNull().default(''),
  website: text('website').notNull().default(''),
  heardFrom: text('heard_from').notNull().default(''),
  minPayoutAmount: integer('min_payout_amount').notNull().default(0),
  minPayoutCurrency: text('min_payout_currency').notNull().default('USD'),
  holdDays: integer('hold_days'),
  referrerId: uuid('referrer_id').references((): AnyPgColumn => users.id),
  paymentMethods: jsonb('payment_methods').$type<StoredPaymentMethod[]>().notNull().default([]),
  postbackToken: text('postback_token').unique(),
  timeZone: text('time_zone'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
}, (t) => [
  check('users_role_check', sql`${t.role} in ('admin','head','manager','team_lead','affiliate','advertiser')`),
  check('users_status_check', sql`${t.status} in ('active','not_active','on_moderation','banned','deleted')`),
  check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
  index('users_manager_idx').on(t.managerId),
  index('users_team_lead_idx').on(t.teamLeadId),
  index('users_role_created_idx').on(t.role, t.createdAt),
]);

export const sessions = pgTable('sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  tokenHash: text('token_hash').notNull().unique(),
  userId: uuid('user_id').notNull().references(() => users.id),
  impersonatorId: uuid('impersonator_id').references(() => users.id),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  ip: text('ip'),
  userAgent: text('user_agent'),
}, (t) => [index('sessions_user_idx').on(t.userId)]);

export const auditLog = pgTable('audit_log', {
  id: uuid('id').primaryKey().defaultRandom(),
  createdAt: createdAt(),
  actorId: uuid('actor_id').references(() => users.id),
  subjectId: uuid('subject_id').references(() => users.id),
  action: text('action').notNull(),
  ip: text('ip'),
  details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
}, (t) => [index('audit_log_created_idx').on(t.createdAt), index('audit_log_actor_idx').on(t.actorId, t.createdAt)]);

export const passwordResets = pgTable('password_resets', {
  id: uuid('id').primaryKey().defaultRandom(),
  tokenHash: text('token_hash').notNull().unique(),
  userId: uuid('user_id').notNull().references(() => users.id),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Signatures seen within the acceptance window, so none is accepted twice. */
export const requestSignatures = pgTable('request_signatures', {
  signature: text('signature').primaryKey(),
  createdAt: createdAt(),
}, (t) => [index('request_signatures_created_idx').on(t.createdAt)]);

/** Fixed-window counters shared by every server process. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
});

/** Affiliates' lead API keys: looked up by hash; the encrypted copy lets staff hand a key over (audited). */
export const apiKeys = pgTable('api_keys', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull().references(() => users.id),
  name: text('name').notNull(),
  prefix: text('prefix').notNull(),
  keyHash: text('key_hash').notNull().unique(),
  keyEnc: text('key_enc').notNull(),
  createdAt: createdAt(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
}, (t) => [index('api_keys_user_idx').on(t.userId)]);

export type StoredRevenue = { geo: string; amount: number; currency: string };

export const products = pgTable('products', {
  id: uuid('id').primaryKey().defaultRandom(),
  advertiserId: uuid('advertiser_id').notNull().references(() => users.id),
  name: text('name').notNull(),
  integrationType: text('integration_type').notNull(),
  /** AES-GCM encrypted JSON of the credentials; never sent to a browser. */
  credentialsEnc: text('credentials_enc'),
  credentialKeys: text('credential_keys').array().notNull().default([]),
  paymentType: text('payment_type').notNull().default('cpa'),
  revenue: jsonb('revenue').$type<StoredRevenue[]>().notNull().default([]),
  geos: text('geos').array().notNull().default([]),
  status: text('status').notNull().default('not_active'),
  testedAt: timestamp('tested_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('products_advertiser_idx').on(t.advertiserId),
  check('products_status_check', sql`${t.status} in ('active','not_active','deleted')`),
]);
