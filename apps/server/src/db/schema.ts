import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  json,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

export type StoredPaymentMethod = { system: string; details: string; priority: number };

/** One reason of a fraud verdict (contract: fraudReasonSchema); a row's score and reasons are null until it is scored. */
export type StoredFraudReason = { code: string; weight: number; detail: string };

const fraudScore = () => smallint('fraud_score');
const fraudReasons = () => jsonb('fraud_reasons').$type<StoredFraudReason[]>();

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
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
    /** The code of the affiliate's referral link (/signup?ref=CODE); set on first use. */
    referralCode: text('referral_code').unique(),
    paymentMethods: jsonb('payment_methods').$type<StoredPaymentMethod[]>().notNull().default([]),
    /** SHA-256 of the advertiser's postback token, found by one indexed lookup; the token itself is shown once (docs/decisions/016-token-totp-audit.md). */
    postbackTokenHash: text('postback_token_hash').unique(),
    /** The token's last four characters, so staff can tell which token an advertiser holds. */
    postbackTokenHint: text('postback_token_hint'),
    timeZone: text('time_zone'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [
    check('users_role_check', sql`${t.role} in ('admin','head','manager','team_lead','affiliate','advertiser')`),
    check('users_status_check', sql`${t.status} in ('active','not_active','on_moderation','banned','deleted')`),
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
    index('users_manager_idx').on(t.managerId),
    index('users_team_lead_idx').on(t.teamLeadId),
    index('users_role_created_idx').on(t.role, t.createdAt),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    impersonatorId: uuid('impersonator_id').references(() => users.id),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: createdAt(),
    actorId: uuid('actor_id').references(() => users.id),
    subjectId: uuid('subject_id').references(() => users.id),
    action: text('action').notNull(),
    ip: text('ip'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
    // An invoice's history on its detail screen reads its audit rows (docs/product/billing.md).
    index('audit_log_invoice_idx')
      .on(sql`(${t.details}->>'invoice_uuid')`, t.createdAt)
      .where(sql`${t.details} ? 'invoice_uuid'`),
  ],
);

export const passwordResets = pgTable('password_resets', {
  id: uuid('id').primaryKey().defaultRandom(),
  tokenHash: text('token_hash').notNull().unique(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id),
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
export const requestSignatures = pgTable(
  'request_signatures',
  {
    signature: text('signature').primaryKey(),
    createdAt: createdAt(),
  },
  (t) => [index('request_signatures_created_idx').on(t.createdAt)],
);

/** Fixed-window counters shared by every server process. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
});

/**
 * Clicks let through under a click cap in one period (`day` key, ISO week, month or `total`), shared by every
 * server process: each leases slices of what is left (modules/tracking/cap-slices.ts). A row may be deleted at
 * any time; the next lease starts it again from the stored clicks.
 */
export const clickCapCounters = pgTable(
  'click_cap_counters',
  {
    capId: uuid('cap_id').notNull(),
    periodKey: text('period_key').notNull(),
    taken: integer('taken').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.capId, t.periodKey] })],
);

/** Affiliates' lead API keys: looked up by hash; the encrypted copy lets staff hand a key over (audited). */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    keyEnc: text('key_enc').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('api_keys_user_idx').on(t.userId)],
);

export type StoredRevenue = { geo: string; amount: number; currency: string };

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    advertiserId: uuid('advertiser_id')
      .notNull()
      .references(() => users.id),
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
    /** The product's integration template (contract: integrationTemplateSchema), parsed on read. `json`, not `jsonb`:
     * headers and body fields are sent in the order they were typed, and some buyers' form parsers care. */
    integration: json('integration').$type<Record<string, unknown>>().notNull().default({}),
    /** The sandbox buyer's rules (sandboxRulesSchema); null for other types. */
    sandboxRules: jsonb('sandbox_rules').$type<Record<string, unknown> | null>(),
    /** Status pulls: statuses changed up to here are read; the next pull is due then. */
    pulledUntil: timestamp('pulled_until', { withTimezone: true }),
    pullDueAt: timestamp('pull_due_at', { withTimezone: true }),
  },
  (t) => [
    index('products_advertiser_idx').on(t.advertiserId),
    check('products_status_check', sql`${t.status} in ('active','not_active','deleted')`),
  ],
);

// ---- Offers and landings (docs/product/offers.md)

export type StoredGeoRate = { geo: string; revenue: number; payout: number; payout_percent: number };
export type StoredGoal = {
  goal: string;
  payment_type: 'cpa' | 'revshare' | 'mixed';
  revenue: number;
  payout: number;
  payout_percent: number;
  geo_rates: StoredGeoRate[];
};

export const offers = pgTable(
  'offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The short public number of tracking links and the affiliate portal. */
    number: integer('number').generatedAlwaysAsIdentity({ startWith: 1000 }).notNull().unique(),
    type: text('type').notNull(),
    status: text('status').notNull().default('not_active'),
    title: text('title').notNull(),
    vertical: text('vertical').notNull(),
    privacy: text('privacy').notNull().default('public'),
    advertiserId: uuid('advertiser_id').references(() => users.id),
    currency: text('currency').notNull().default('USD'),
    description: text('description').notNull().default(''),
    trafficSources: text('traffic_sources').array().notNull().default([]),
    imageUrl: text('image_url'),
    geos: text('geos').array().notNull().default([]),
    devices: text('devices').array().notNull().default([]),
    oss: text('oss').array().notNull().default([]),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    stopsAt: timestamp('stops_at', { withTimezone: true }),
    notes: text('notes').notNull().default(''),
    trackingUrl: text('tracking_url'),
    previewUrl: text('preview_url'),
    trafficbackUrl: text('trafficback_url'),
    goals: jsonb('goals').$type<StoredGoal[]>().notNull().default([]),
    holdDays: integer('hold_days').notNull().default(0),
    /** The offer's own fraud weights, thresholds and actions over the network's (contract: offer fraud settings); null: the network's. */
    fraudSettings: jsonb('fraud_settings').$type<Record<string, unknown>>(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('offers_type_check', sql`${t.type} in ('direct_link','api')`),
    check('offers_status_check', sql`${t.status} in ('active','not_active','stopped','deleted')`),
    check('offers_privacy_check', sql`${t.privacy} in ('public','premoderation','private')`),
    check('offers_dates_check', sql`${t.stopsAt} is null or ${t.startsAt} is null or ${t.stopsAt} > ${t.startsAt}`),
    index('offers_created_idx').on(t.createdAt),
    index('offers_advertiser_idx').on(t.advertiserId),
    index('offers_geos_idx').using('gin', t.geos),
  ],
);

export const offerPayoutOverrides = pgTable(
  'offer_payout_overrides',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    affiliateId: uuid('affiliate_id')
      .notNull()
      .references(() => users.id),
    goal: text('goal').notNull(),
    geo: text('geo'),
    payout: integer('payout').notNull(),
    /** RevShare percent × 100 (two decimals as an integer). */
    payoutPercentBp: integer('payout_percent_bp').notNull().default(0),
  },
  (t) => [index('offer_payout_overrides_offer_idx').on(t.offerId, t.affiliateId)],
);

export const offerCaps = pgTable(
  'offer_caps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    metric: text('metric').notNull(),
    period: text('period').notNull(),
    limit: integer('limit').notNull(),
    geo: text('geo'),
    device: text('device'),
    os: text('os'),
    affiliateId: uuid('affiliate_id').references(() => users.id),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('offer_caps_offer_idx').on(t.offerId),
    check('offer_caps_metric_check', sql`${t.metric} in ('clicks','leads','conversions')`),
    check('offer_caps_period_check', sql`${t.period} in ('day','week','month','total')`),
    check('offer_caps_limit_check', sql`${t.limit} > 0`),
  ],
);

export const offerTrustedAffiliates = pgTable(
  'offer_trusted_affiliates',
  {
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    affiliateId: uuid('affiliate_id')
      .notNull()
      .references(() => users.id),
    addedBy: uuid('added_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.affiliateId] }), index('offer_trusted_affiliate_idx').on(t.affiliateId)],
);

export const landings = pgTable(
  'landings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: integer('number').generatedAlwaysAsIdentity({ startWith: 100 }).notNull().unique(),
    name: text('name').notNull(),
    type: text('type').notNull().default('landing'),
    url: text('url').notNull(),
    previewUrl: text('preview_url'),
    languages: text('languages').array().notNull().default([]),
    privacy: text('privacy').notNull().default('public'),
    status: text('status').notNull().default('moderation'),
    tags: text('tags').array().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('landings_type_check', sql`${t.type} in ('landing','prelanding')`),
    check('landings_status_check', sql`${t.status} in ('active','moderation','stopped','deleted')`),
    check('landings_privacy_check', sql`${t.privacy} in ('public','private')`),
    index('landings_created_idx').on(t.createdAt),
  ],
);

export const offerLandings = pgTable(
  'offer_landings',
  {
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    landingId: uuid('landing_id')
      .notNull()
      .references(() => landings.id),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.landingId] }), index('offer_landings_landing_idx').on(t.landingId)],
);

export type StoredProductCaps = {
  daily: number | null;
  total: number | null;
  per_geo: { geo: string; daily: number | null; total: number | null }[];
};
export type StoredWorkingHours = { time_zone: string; days: { day: number; from: string; to: string }[] };

export const offerProducts = pgTable(
  'offer_products',
  {
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    priority: integer('priority').notNull().default(1),
    weight: integer('weight').notNull().default(100),
    geos: text('geos').array().notNull().default([]),
    caps: jsonb('caps').$type<StoredProductCaps>().notNull().default({ daily: null, total: null, per_geo: [] }),
    workingHours: jsonb('working_hours').$type<StoredWorkingHours | null>(),
    payoutOverride: integer('payout_override'),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.productId] })],
);

export const offerAccessRequests = pgTable(
  'offer_access_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    affiliateId: uuid('affiliate_id')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull().default('pending'),
    message: text('message').notNull().default(''),
    reason: text('reason').notNull().default(''),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('offer_access_requests_status_check', sql`${t.status} in ('pending','approved','declined')`),
    index('offer_access_requests_offer_idx').on(t.offerId, t.status),
    // One open request per affiliate and offer; decided ones stay as history.
    uniqueIndex('offer_access_requests_pending_uq')
      .on(t.offerId, t.affiliateId)
      .where(sql`status = 'pending'`),
  ],
);

// ---- Traffic (tracking and lead distribution fill these; offers read their figures and caps from them)

// clicks, inbound_postbacks and outbound_attempts are partitioned by time (PARTITION BY RANGE, migration 0029,
// modules/retention): Drizzle cannot declare it, so the schema holds their columns, the primary key with the partition
// key in it, and the indexes, and the migration adds the partitioning (docs/decisions/030-partitions-and-retention.md).
export const clicks = pgTable(
  'clicks',
  {
    id: uuid('id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    offerId: uuid('offer_id').notNull(),
    affiliateId: uuid('affiliate_id'),
    landingId: uuid('landing_id'),
    prelandingId: uuid('prelanding_id'),
    sub1: text('sub1'),
    sub2: text('sub2'),
    sub3: text('sub3'),
    sub4: text('sub4'),
    sub5: text('sub5'),
    ip: text('ip'),
    country: text('country'),
    device: text('device'),
    os: text('os'),
    browser: text('browser'),
    referrer: text('referrer'),
    userAgent: text('user_agent'),
    isUnique: boolean('is_unique').notNull().default(true),
    isBot: boolean('is_bot').notNull().default(false),
    /** Set when the click went to trafficback; the reason it did. */
    trafficbackReason: text('trafficback_reason'),
    fraudScore: fraudScore(),
    fraudReasons: fraudReasons(),
  },
  (t) => [
    primaryKey({ name: 'clicks_pkey', columns: [t.id, t.createdAt] }),
    index('clicks_offer_created_idx').on(t.offerId, t.createdAt),
    index('clicks_affiliate_created_idx').on(t.affiliateId, t.createdAt),
    // The click log's newest-first page without an offer or affiliate filter.
    index('clicks_created_idx').on(t.createdAt),
  ],
);

/** One lead as we hold it (a "user session", docs/product/README.md): the person, its tracking context, where it went. */
export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id),
    affiliateId: uuid('affiliate_id')
      .notNull()
      .references(() => users.id),
    clickId: uuid('click_id'),
    landingId: uuid('landing_id'),
    apiKeyId: uuid('api_key_id'),
    /** The product that took the lead, once one did. */
    productId: uuid('product_id').references(() => products.id),
    /** The attempt that was accepted: its id is the Lead Id the buyer knows. */
    acceptedAttemptId: uuid('accepted_attempt_id'),
    country: text('country'),
    device: text('device'),
    os: text('os'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email'),
    phone: text('phone'),
    ip: text('ip'),
    language: text('language'),
    /** AES-GCM encrypted; buyers get it, browsers never do. */
    passwordEnc: text('password_enc'),
    funnel: text('funnel'),
    sub1: text('sub1'),
    sub2: text('sub2'),
    sub3: text('sub3'),
    sub4: text('sub4'),
    sub5: text('sub5'),
    isTest: boolean('is_test').notNull().default(false),
    /** processing → accepted | failed | unknown (a buyer timed out and has not said yet whether it has the lead). */
    status: text('status').notNull().default('processing'),
    /** Why it failed (a LEAD_REFUSALS key) and the detail. */
    reason: text('reason'),
    reasonDetail: text('reason_detail'),
    externalId: text('external_id'),
    autologinUrl: text('autologin_url'),
    /** The buyer's call status mapped to lead_history_status; raw text of the last one too. */
    callStatus: text('call_status'),
    rawStatus: text('raw_status'),
    isFtd: boolean('is_ftd').notNull().default(false),
    ftdAt: timestamp('ftd_at', { withTimezone: true }),
    /** A status that went backwards (e.g. interested → invalid): someone should look. */
    needsReview: boolean('needs_review').notNull().default(false),
    /** The send in flight while processing (its attempt id is the Lead Id the buyer got): a crash mid-send is settled from it. */
    sendingAttemptId: uuid('sending_attempt_id'),
    sendingProductId: uuid('sending_product_id'),
    /** male | female | other, when the affiliate sent it; a Cold API filter. */
    gender: text('gender'),
    /** A Cold API re-send: the stored lead it copies, and the distribution that sent it. */
    originLeadId: uuid('origin_lead_id').references((): AnyPgColumn => leads.id),
    coldDistributionId: uuid('cold_distribution_id'),
    fraudScore: fraudScore(),
    fraudReasons: fraudReasons(),
  },
  (t) => [
    index('leads_offer_created_idx').on(t.offerId, t.createdAt),
    // Leads a stopped process left processing are found by age (lead-recovery.ts).
    index('leads_processing_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} = 'processing'`),
    index('leads_affiliate_created_idx').on(t.affiliateId, t.createdAt),
    // De-duplication reads these: same email or phone on the offer within 30 days.
    index('leads_offer_email_idx').on(t.offerId, t.email, t.createdAt),
    index('leads_offer_phone_idx').on(t.offerId, t.phone, t.createdAt),
    // The fraud signal duplicate_contact reads these: the same email or phone on any offer within N days.
    index('leads_email_created_idx').on(t.email, t.createdAt),
    index('leads_phone_created_idx').on(t.phone, t.createdAt),
    // User sessions newest first, and their search by click ID.
    index('leads_created_idx').on(t.createdAt),
    index('leads_click_idx').on(t.clickId),
    index('leads_origin_idx')
      .on(t.originLeadId)
      .where(sql`${t.originLeadId} is not null`),
    check('leads_status_check', sql`${t.status} in ('processing','accepted','failed','unknown')`),
  ],
);

/** Each send of a lead to a product (or a product skipped): its id is the Lead Id sent to that buyer. */
export const leadAttempts = pgTable(
  'lead_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    createdAt: createdAt(),
    position: integer('position').notNull(),
    /** ATTEMPT_RESULTS: accepted | rejected | duplicate | caps_full | closed_hours | error | timeout. */
    result: text('result').notNull(),
    durationMs: integer('duration_ms').notNull().default(0),
    /**
     * A call was made to the buyer (a product skipped for caps or hours was not called). Kept here rather than read
     * from the stored request: that one is dropped with the logs' retention (`leadAttemptBodies`).
     */
    called: boolean('called').notNull().default(false),
    externalId: text('external_id'),
    autologinUrl: text('autologin_url'),
    message: text('message').notNull().default(''),
  },
  (t) => [
    index('lead_attempts_lead_idx').on(t.leadId),
    index('lead_attempts_product_external_idx').on(t.productId, t.externalId),
  ],
);

/**
 * The exact request of an attempt with credentials masked, and the answer (excerpt): the bulky part of an attempt, kept
 * apart so that retention drops it by whole partitions while the attempt stays
 * (docs/decisions/030-partitions-and-retention.md). Partitioned by UTC month on `created_at`, the attempt's own, by
 * migration 0031 (Drizzle cannot declare it); no foreign key either way, so dropping a partition checks nothing. Only
 * attempts that called the buyer have one; readers join on (attempt_id, created_at) and read null once it is dropped.
 */
export const leadAttemptBodies = pgTable(
  'lead_attempt_bodies',
  {
    attemptId: uuid('attempt_id').notNull(),
    createdAt: createdAt(),
    request: jsonb('request').$type<{
      method: string;
      url: string;
      headers: Record<string, string>;
      body: string;
    }>(),
    response: jsonb('response').$type<{
      status_code: number | null;
      body: string;
      duration_ms: number;
      error: string | null;
    }>(),
  },
  (t) => [primaryKey({ name: 'lead_attempt_bodies_pkey', columns: [t.attemptId, t.createdAt] })],
);

/** `lead_history_status`: every call status a lead had, from status pulls, lookups or staff. */
export const leadStatusHistory = pgTable(
  'lead_history_status',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id),
    createdAt: createdAt(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    rawStatus: text('raw_status').notNull().default(''),
    isFtd: boolean('is_ftd').notNull().default(false),
    /** Deposit in minor units, when the buyer sent one. */
    amount: integer('amount'),
    source: text('source').notNull(),
    backwards: boolean('backwards').notNull().default(false),
  },
  (t) => [index('lead_history_status_lead_idx').on(t.leadId, t.createdAt)],
);

/** Idempotency-Key per API key: the first answer, replayed; `response` is null while the first request runs. */
export const leadIdempotency = pgTable(
  'lead_idempotency',
  {
    apiKeyId: uuid('api_key_id').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    createdAt: createdAt(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    /** The running owner renews it; a claim not renewed for a while belonged to a stopped process and may be taken over. */
    aliveAt: timestamp('alive_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.apiKeyId, t.key] }), index('lead_idempotency_created_idx').on(t.createdAt)],
);

/**
 * Accepted leads per offer × product × period (and country for per-geo caps). A send first takes a slot with a
 * conditional increment (count < limit), and gives it back if the buyer does not accept: a cap of 100 never lets 101 through.
 */
export const productCapCounters = pgTable(
  'product_cap_counters',
  {
    offerId: uuid('offer_id').notNull(),
    productId: uuid('product_id').notNull(),
    /** 'total', or the day in the product's working-hours time zone (else the partner time zone), e.g. 2026-11-22. */
    period: text('period').notNull(),
    /** '' for the cap over every country. */
    geo: text('geo').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.productId, t.period, t.geo] })],
);

/** The sandbox buyer's own book of leads (it is a separate "CRM" that happens to live in this server). */
export const sandboxLeads = pgTable(
  'sandbox_leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id').notNull(),
    /** Our Lead Id as sent in the push (aff_lead_id). */
    affLeadId: text('aff_lead_id').notNull(),
    email: text('email').notNull(),
    country: text('country').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sandbox_leads_product_aff_uq').on(t.productId, t.affLeadId),
    index('sandbox_leads_product_email_idx').on(t.productId, t.email),
    index('sandbox_leads_product_created_idx').on(t.productId, t.createdAt),
  ],
);

export const conversions = pgTable(
  'conversions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: createdAt(),
    clickId: uuid('click_id'),
    leadId: uuid('lead_id'),
    productId: uuid('product_id').references(() => products.id),
    /** The landing of its click or lead, kept here so reports and rollups read it from the conversion alone. */
    landingId: uuid('landing_id'),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id),
    affiliateId: uuid('affiliate_id')
      .notNull()
      .references(() => users.id),
    goal: text('goal').notNull(),
    status: text('status').notNull().default('pending'),
    flow: text('flow').notNull().default('accepted'),
    payout: integer('payout').notNull().default(0),
    revenue: integer('revenue').notNull().default(0),
    currency: text('currency').notNull(),
    country: text('country'),
    device: text('device'),
    os: text('os'),
    isTest: boolean('is_test').notNull().default(false),
    /** The advertiser's transaction id; (click, goal, txid) is one conversion however often it is posted. */
    txid: text('txid').notNull().default(''),
    /** Pending conversions are approved automatically after the offer's hold days. */
    holdUntil: timestamp('hold_until', { withTimezone: true }),
    paid: boolean('paid').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Its own signals and those of its click and lead (a conversion inherits them). */
    fraudScore: fraudScore(),
    fraudReasons: fraudReasons(),
    /**
     * 'hold' or 'reject' while the status is the one an automatic fraud action set (docs/product/fraud.md); null
     * otherwise, and again once staff release it. Affiliates see it as "held/rejected for traffic quality".
     */
    fraudAction: text('fraud_action'),
  },
  (t) => [
    uniqueIndex('conversions_click_goal_txid_uq').on(t.clickId, t.goal, t.txid),
    index('conversions_hold_idx')
      .on(t.holdUntil)
      .where(sql`status = 'pending'`),
    check('conversions_status_check', sql`${t.status} in ('pending','approved','rejected','hold')`),
    check('conversions_flow_check', sql`${t.flow} in ('accepted','trafficback')`),
    index('conversions_offer_created_idx').on(t.offerId, t.createdAt),
    index('conversions_affiliate_created_idx').on(t.affiliateId, t.createdAt),
    // The conversion log newest first, and its search by lead (ID or the lead's email).
    index('conversions_created_idx').on(t.createdAt),
    index('conversions_lead_idx').on(t.leadId),
  ],
);

// ---- Tracking (docs/product/tracking.md, docs/product/settings.md)

export const trackingDomains = pgTable(
  'tracking_domains',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-case host name, no scheme or port. */
    name: text('name').notNull().unique(),
    isDefault: boolean('is_default').notNull().default(false),
    dnsCheckedAt: timestamp('dns_checked_at', { withTimezone: true }),
    dnsOk: boolean('dns_ok'),
    dnsDetail: text('dns_detail').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('tracking_domains_one_default')
      .on(t.isDefault)
      .where(sql`is_default`),
  ],
);

/** The last counted click per IP and offer: a click is unique when there was none in the 24 h before it. */
export const clickUniques = pgTable(
  'click_uniques',
  {
    ip: text('ip').notNull(),
    offerId: uuid('offer_id').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.ip, t.offerId] })],
);

/** The nil UUID stands for "none" in rollup keys (no landing, no affiliate), so the key can be a primary key. */
export const NO_ID = '00000000-0000-0000-0000-000000000000';

/** The key of a rollup row besides its hour or day. */
const rollupKey = {
  offerId: uuid('offer_id').notNull(),
  affiliateId: uuid('affiliate_id').notNull(),
  landingId: uuid('landing_id').notNull(),
  /** ISO country, '' when unknown. */
  country: text('country').notNull(),
  device: text('device').notNull().default(''),
  os: text('os').notNull().default(''),
  /** The product of a lead or conversion (API offers); NO_ID for clicks and direct-link conversions. */
  productId: uuid('product_id').notNull().default(NO_ID),
  /** The currency of payout and revenue; '' on rows that carry no money (clicks, leads). */
  currency: text('currency').notNull().default(''),
};

const rollupCounts = {
  clicks: integer('clicks').notNull().default(0),
  uniqueClicks: integer('unique_clicks').notNull().default(0),
  trafficback: integer('trafficback').notNull().default(0),
  bots: integer('bots').notNull().default(0),
  conversions: integer('conversions').notNull().default(0),
  approved: integer('approved').notNull().default(0),
  pending: integer('pending').notNull().default(0),
  rejected: integer('rejected').notNull().default(0),
  hold: integer('hold').notNull().default(0),
  payout: bigint('payout', { mode: 'number' }).notNull().default(0),
  revenue: bigint('revenue', { mode: 'number' }).notNull().default(0),
  /** User sessions (non-test leads), those accepted by a buyer, and FTD conversions. */
  leads: integer('leads').notNull().default(0),
  accepted: integer('accepted').notNull().default(0),
  ftd: integer('ftd').notNull().default(0),
};
const rollupColumns = { ...rollupKey, ...rollupCounts };
/**
 * Clicks the fraud score flagged when they were scored (docs/product/fraud.md, "Fraud % in statistics"). Only the
 * click writer adds to it, so the conversion queue (`rollup_deltas`) does not carry it.
 */
const fraudCounts = { fraudClicks: integer('fraud_clicks').notNull().default(0) };
export const ROLLUP_KEY_COLUMNS = [
  'offer_id',
  'affiliate_id',
  'landing_id',
  'country',
  'device',
  'os',
  'product_id',
  'currency',
] as const;

/** Kept current by the click writer, conversion changes and a trigger on leads; reports read these instead of the raw logs. */
export const statsHourly = pgTable(
  'stats_hourly',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    ...rollupColumns,
    ...fraudCounts,
  },
  (t) => [
    primaryKey({
      columns: [t.hour, t.offerId, t.affiliateId, t.landingId, t.country, t.device, t.os, t.productId, t.currency],
    }),
    index('stats_hourly_affiliate_idx').on(t.affiliateId, t.hour),
  ],
);

/** UTC days; reports cut in another time zone read the hourly table. */
export const statsDaily = pgTable(
  'stats_daily',
  {
    day: date('day').notNull(),
    ...rollupColumns,
    ...fraudCounts,
  },
  (t) => [
    primaryKey({
      columns: [t.day, t.offerId, t.affiliateId, t.landingId, t.country, t.device, t.os, t.productId, t.currency],
    }),
    index('stats_daily_affiliate_idx').on(t.affiliateId, t.day),
  ],
);

/**
 * The zones whose days `stats_daily_core` is cut at: UTC and the partner zone (general settings), kept by
 * `pxl_stats_zones_sync` (migration 0015) whenever the setting changes.
 */
export const statsZones = pgTable('stats_zones', { zone: text('zone').primaryKey() });

/**
 * Days in each zone of `stats_zones` without landing, device and OS: a 30-day report reads a few rows per offer,
 * affiliate and country instead of every hour, for the reports' speed. By construction it is `stats_hourly` summed by the
 * zone's day of each hour, so it answers exactly when the zone's days start on whole UTC hours.
 */
export const statsDailyCore = pgTable(
  'stats_daily_core',
  {
    zone: text('zone').notNull(),
    day: date('day').notNull(),
    offerId: rollupKey.offerId,
    affiliateId: rollupKey.affiliateId,
    country: rollupKey.country,
    productId: rollupKey.productId,
    currency: rollupKey.currency,
    ...rollupCounts,
    ...fraudCounts,
  },
  (t) => [
    primaryKey({ columns: [t.zone, t.day, t.offerId, t.affiliateId, t.country, t.productId, t.currency] }),
    index('stats_daily_core_affiliate_idx').on(t.zone, t.affiliateId, t.day),
  ],
);
export const CORE_KEY_COLUMNS = ['offer_id', 'affiliate_id', 'country', 'product_id', 'currency'] as const;

/**
 * Conversion and lead changes waiting to be folded into the rollups. Postbacks (and the leads trigger) append here instead of updating the hot
 * rollup rows inside their transaction, so concurrent postbacks on one offer and hour never queue on a row lock.
 */
export const rollupDeltas = pgTable('rollup_deltas', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  ...rollupColumns,
});

/**
 * Rows a batched writer could not store, each isolated from its batch and set aside with the database's reason
 * (decision 013). `row` is the row as escaped JSON text, so a value PostgreSQL refused (a NUL byte) can be kept.
 */
export const rejectedRows = pgTable('rejected_rows', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  createdAt: createdAt(),
  writer: text('writer').notNull(),
  reason: text('reason').notNull(),
  row: text('row').notNull(),
});

/** Every status a conversion had, who set it and why (docs/product/tracking.md). */
export const conversionHistory = pgTable(
  'conversion_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversionId: uuid('conversion_id')
      .notNull()
      .references(() => conversions.id),
    createdAt: createdAt(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    /** postback (the advertiser), staff, or hold (automatic approval). */
    source: text('source').notNull(),
    actorId: uuid('actor_id').references(() => users.id),
    reason: text('reason').notNull().default(''),
  },
  (t) => [index('conversion_history_conversion_idx').on(t.conversionId, t.createdAt)],
);

/** Inbound postbacks as received, answered or refused: the log of Statistics › Postbacks. */
export const inboundPostbacks = pgTable(
  'inbound_postbacks',
  {
    id: uuid('id').notNull().defaultRandom(),
    createdAt: createdAt(),
    advertiserId: uuid('advertiser_id').references(() => users.id),
    offerId: uuid('offer_id'),
    affiliateId: uuid('affiliate_id'),
    clickId: text('click_id'),
    conversionId: uuid('conversion_id'),
    method: text('method').notNull(),
    /** The parameters received, with the token masked. */
    params: jsonb('params').$type<Record<string, string>>().notNull(),
    ip: text('ip'),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    primaryKey({ name: 'inbound_postbacks_pkey', columns: [t.id, t.createdAt] }),
    index('inbound_postbacks_created_idx').on(t.createdAt),
    index('inbound_postbacks_affiliate_idx').on(t.affiliateId, t.createdAt),
  ],
);

/** An affiliate's postback URL per event; one general URL per event and at most one per offer (the offer's wins). */
export const affiliatePostbacks = pgTable(
  'affiliate_postbacks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: createdAt(),
    affiliateId: uuid('affiliate_id')
      .notNull()
      .references(() => users.id),
    event: text('event').notNull(),
    offerId: uuid('offer_id').references(() => offers.id),
    url: text('url').notNull(),
  },
  (t) => [
    uniqueIndex('affiliate_postbacks_general_uq')
      .on(t.affiliateId, t.event)
      .where(sql`offer_id is null`),
    uniqueIndex('affiliate_postbacks_offer_uq')
      .on(t.affiliateId, t.event, t.offerId)
      .where(sql`offer_id is not null`),
  ],
);

/** One postback owed to an affiliate (us → them) and where its delivery stands. */
export const outboundPostbacks = pgTable(
  'outbound_postbacks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: createdAt(),
    affiliateId: uuid('affiliate_id')
      .notNull()
      .references(() => users.id),
    offerId: uuid('offer_id').references(() => offers.id),
    conversionId: uuid('conversion_id').references(() => conversions.id),
    event: text('event').notNull(),
    /** The URL with macros filled, as sent. */
    url: text('url').notNull(),
    status: text('status').notNull().default('pending'),
    attemptsCount: integer('attempts_count').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
  },
  (t) => [
    check('outbound_postbacks_status_check', sql`${t.status} in ('pending','delivered','failed','refused')`),
    index('outbound_postbacks_created_idx').on(t.createdAt),
    index('outbound_postbacks_affiliate_idx').on(t.affiliateId, t.createdAt),
    index('outbound_postbacks_offer_idx').on(t.offerId, t.createdAt),
    index('outbound_postbacks_conversion_idx').on(t.conversionId),
  ],
);

/** Every delivery attempt of an outbound postback: what was sent and what came back. */
export const outboundAttempts = pgTable(
  'outbound_attempts',
  {
    id: uuid('id').notNull().defaultRandom(),
    postbackId: uuid('postback_id')
      .notNull()
      .references(() => outboundPostbacks.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    url: text('url').notNull(),
    statusCode: integer('status_code'),
    /** At most 1000 characters of the body. */
    response: text('response').notNull().default(''),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
  },
  (t) => [
    primaryKey({ name: 'outbound_attempts_pkey', columns: [t.id, t.at] }),
    index('outbound_attempts_postback_idx').on(t.postbackId, t.at),
  ],
);

// ---- Billing (docs/product/billing.md)

export const invoiceNumberSeq = pgSequence('invoice_number_seq');

/** One affiliate's invoice in one currency. `total` and `paid` are kept by the billing service, never summed at read. */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** INV-2026-000123: the year of creation and a number that never repeats. */
    number: text('number')
      .notNull()
      .unique()
      .default(
        sql`'INV-' || to_char(now() at time zone 'UTC', 'YYYY') || '-' || lpad(nextval('invoice_number_seq')::text, 6, '0')`,
      ),
    affiliateId: uuid('affiliate_id')
      .notNull()
      .references(() => users.id),
    currency: text('currency').notNull(),
    periodFrom: date('period_from', { mode: 'string' }),
    periodTo: date('period_to', { mode: 'string' }),
    status: text('status').notNull().default('waiting'),
    paymentSystem: text('payment_system'),
    /**
     * The affiliate's payment methods frozen when the invoice is made: it pays to these, not to whatever the account
     * holds later, until staff refresh them (docs/product/billing.md).
     */
    paymentMethods: jsonb('payment_methods').$type<StoredPaymentMethod[]>().notNull().default([]),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
    paid: bigint('paid', { mode: 'number' }).notNull().default(0),
    comment: text('comment').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('invoices_status_check', sql`${t.status} in ('waiting','partly_paid','approved','declined')`),
    check('invoices_paid_check', sql`${t.paid} >= 0 and ${t.paid} <= greatest(${t.total}, 0)`),
    index('invoices_affiliate_idx').on(t.affiliateId, t.currency, t.status),
    index('invoices_created_idx').on(t.createdAt),
    index('invoices_status_idx').on(t.status, t.createdAt),
  ],
);

/** What an invoice shows: one line per offer and goal, one for referral earnings, one per manual adjustment. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    offerId: uuid('offer_id').references(() => offers.id),
    goal: text('goal'),
    count: integer('count').notNull().default(0),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    comment: text('comment').notNull().default(''),
    /**
     * Null for a manual adjustment (an invoice edit replaces those); 'reconciliation' for a line made of pending
     * billing_adjustments, which an edit keeps (docs/product/billing.md, "Adjustments from reconciliation").
     */
    source: text('source'),
  },
  (t) => [
    check('invoice_lines_kind_check', sql`${t.kind} in ('offer_goal','referral','adjustment')`),
    index('invoice_lines_invoice_idx').on(t.invoiceId),
  ],
);

/**
 * What an invoice pays: a conversion or a referral earning each. `live` is true while the invoice is not declined;
 * the partial unique indexes let a conversion (or earning) be in one live invoice at most, whoever generates at once.
 */
export const invoiceItems = pgTable(
  'invoice_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    conversionId: uuid('conversion_id').references(() => conversions.id),
    referralEarningId: uuid('referral_earning_id').references(() => referralEarnings.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    live: boolean('live').notNull().default(true),
  },
  (t) => [
    check('invoice_items_one_source_check', sql`num_nonnulls(${t.conversionId}, ${t.referralEarningId}) = 1`),
    uniqueIndex('invoice_items_live_conversion_uq')
      .on(t.conversionId)
      .where(sql`live and conversion_id is not null`),
    uniqueIndex('invoice_items_live_earning_uq')
      .on(t.referralEarningId)
      .where(sql`live and referral_earning_id is not null`),
    index('invoice_items_invoice_idx').on(t.invoiceId),
  ],
);

export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    reference: text('reference').notNull().default(''),
    method: text('method').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    check('invoice_payments_amount_check', sql`${t.amount} > 0`),
    index('invoice_payments_invoice_idx').on(t.invoiceId),
  ],
);

/**
 * A correction of an affiliate's money that waits for their next invoice (docs/product/billing.md, "Adjustments from
 * reconciliation"; docs/decisions/060-pending-adjustments.md): pending while `invoice_id` is null, taken by the
 * invoice that holds it, freed again when that invoice is declined or deleted.
 */
export const billingAdjustments = pgTable(
  'billing_adjustments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    affiliateId: uuid('affiliate_id')
      .notNull()
      .references(() => users.id),
    currency: text('currency').notNull(),
    /** ± minor units. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The invoice line's name; adjustments of one comment make one line. */
    comment: text('comment').notNull(),
    source: text('source').$type<'reconciliation'>().notNull(),
    /** The row that caused it (a reconciliation row): one adjustment per source row, whoever applies twice. */
    sourceId: uuid('source_id'),
    /**
     * The conversion it corrects: a later import sums what is stored for it, so an invoiced conversion is taken back
     * once however many imports report it (docs/decisions/059-reconciliation-apply.md).
     */
    conversionId: uuid('conversion_id').references(() => conversions.id),
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    check('billing_adjustments_amount_check', sql`${t.amount} <> 0`),
    check('billing_adjustments_source_check', sql`${t.source} in ('reconciliation')`),
    uniqueIndex('billing_adjustments_source_uq')
      .on(t.source, t.sourceId)
      .where(sql`source_id is not null`),
    index('billing_adjustments_pending_idx')
      .on(t.affiliateId, t.currency)
      .where(sql`invoice_id is null`),
    index('billing_adjustments_invoice_idx').on(t.invoiceId),
    index('billing_adjustments_conversion_idx')
      .on(t.conversionId)
      .where(sql`conversion_id is not null`),
  ],
);

/** A referrer's share of one approved conversion of an affiliate they referred; reversed if it is rejected unpaid. */
export const referralEarnings = pgTable(
  'referral_earnings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => users.id),
    referredId: uuid('referred_id')
      .notNull()
      .references(() => users.id),
    conversionId: uuid('conversion_id')
      .notNull()
      .unique()
      .references(() => conversions.id),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull().default('accrued'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('referral_earnings_status_check', sql`${t.status} in ('accrued','reversed')`),
    index('referral_earnings_referrer_idx').on(t.referrerId, t.currency),
  ],
);

// ---- Mail (docs/product/tickets-and-mail.md, docs/decisions/023-mail-delivery.md)

/**
 * Every mail the app sends, kept until it is delivered: the row is the durable queue, a pg-boss job only wakes its
 * delivery. `text`/`html` are cleared once a sensitive mail (a password reset) is sent.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    template: text('template').notNull(),
    text: text('text'),
    html: text('html'),
    sensitive: boolean('sensitive').notNull().default(false),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Makes a mail that must go once (an offer's cap warning per period and recipient) idempotent. */
    dedupeKey: text('dedupe_key').unique(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    check('mail_outbox_status_check', sql`${t.status} in ('queued','sending','no_smtp','sent','failed')`),
    index('mail_outbox_created_idx').on(t.createdAt),
    index('mail_outbox_status_idx').on(t.status, t.createdAt),
  ],
);

/** News for partners, written by admin and head in Markdown; HTML is made from it on every read (lib/markdown.ts). */
export const news = pgTable(
  'news',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    audience: text('audience').notNull(),
    /** Partners see the item from this moment on; a future one is scheduled. */
    publishAt: timestamp('publish_at', { withTimezone: true }).notNull().defaultNow(),
    pinned: boolean('pinned').notNull().default(false),
    authorId: uuid('author_id').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('news_audience_check', sql`${t.audience} in ('affiliates','advertisers','all')`),
    index('news_feed_idx').on(t.audience, t.publishAt),
  ],
);

/** A partner's read mark on a news item; no row means unread. */
export const newsReads = pgTable(
  'news_reads',
  {
    newsId: uuid('news_id')
      .notNull()
      .references(() => news.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.newsId] })],
);

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * A conversation between a partner and the staff (docs/product/tickets-and-mail.md). `last_message_by` tells who waits:
 * the partner wrote last (open) or the staff did (answered).
 */
export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').notNull(),
    status: text('status').notNull().default('open'),
    subject: text('subject').notNull(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => users.id),
    offerId: uuid('offer_id').references(() => offers.id, { onDelete: 'set null' }),
    accessRequestId: uuid('access_request_id')
      .unique()
      .references(() => offerAccessRequests.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageBy: uuid('last_message_by').references(() => users.id),
  },
  (t) => [
    check('tickets_type_check', sql`${t.type} in ('general','financial','technical','offer_access')`),
    check('tickets_status_check', sql`${t.status} in ('open','answered','closed')`),
    index('tickets_partner_idx').on(t.partnerId, t.lastMessageAt),
    index('tickets_status_idx').on(t.status, t.lastMessageAt),
  ],
);

export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ticket_messages_ticket_idx').on(t.ticketId, t.createdAt)],
);

/** Uploaded first (no message yet), then bound to the message that sends it; the bytes live here (decision 025). */
export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id').references(() => ticketMessages.id, { onDelete: 'cascade' }),
    uploaderId: uuid('uploader_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ticket_attachments_message_idx').on(t.messageId),
    // Unsent uploads: a user's quota and the daily removal (docs/decisions/033-ticket-upload-limits.md).
    index('ticket_attachments_unsent_idx')
      .on(t.uploaderId, t.createdAt)
      .where(sql`message_id is null`),
  ],
);

/** The partner's logo: one row at most, bytes checked by content on upload, served publicly (docs/product/settings.md). */
export const siteLogo = pgTable(
  'site_logo',
  {
    id: integer('id').primaryKey().default(1),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
    etag: text('etag').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('site_logo_single_row', sql`${t.id} = 1`)],
);

/** Up to when a user has read a ticket; a later message by someone else makes it unread again. */
export const ticketReads = pgTable(
  'ticket_reads',
  {
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ticketId] })],
);

// ---- Cold API (docs/product/cold-api.md)

export const coldLeadLists = pgTable('cold_lead_lists', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  /** user_session | conversion: the tab the list was made for. */
  source: text('source').notNull().default('user_session'),
  /** The last filters used on the add page. */
  filters: jsonb('filters').$type<Record<string, unknown> | null>(),
  createdBy: uuid('created_by').references(() => users.id),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A lead in a list, added from one tab; a lead of a conversion remembers the conversion. */
export const coldListLeads = pgTable(
  'cold_list_leads',
  {
    listId: uuid('list_id')
      .notNull()
      .references(() => coldLeadLists.id, { onDelete: 'cascade' }),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id),
    source: text('source').notNull(),
    conversionId: uuid('conversion_id').references(() => conversions.id, { onDelete: 'set null' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.listId, t.leadId] }),
    index('cold_list_leads_lead_idx').on(t.leadId),
    check('cold_list_leads_source_check', sql`${t.source} in ('user_session','conversion')`),
  ],
);

/** Adding every lead of a filter runs in the background; its progress is read from here. */
export const coldAddJobs = pgTable(
  'cold_add_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listId: uuid('list_id')
      .notNull()
      .references(() => coldLeadLists.id, { onDelete: 'cascade' }),
    state: text('state').notNull().default('running'),
    source: text('source').notNull(),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull(),
    requestedBy: uuid('requested_by').references(() => users.id),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    added: integer('added').notNull().default(0),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('cold_add_jobs_list_idx').on(t.listId, t.createdAt),
    check('cold_add_jobs_state_check', sql`${t.state} in ('running','done','failed')`),
  ],
);

export const coldRules = pgTable('cold_rules', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  maxResends: integer('max_resends').notNull(),
  minDaysBetween: integer('min_days_between').notNull().default(0),
  neverSameProduct: boolean('never_same_product').notNull().default(true),
  skipFtd: boolean('skip_ftd').notNull().default(true),
  geos: text('geos')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  sendOriginalIp: boolean('send_original_ip').notNull().default(true),
  neutralIp: text('neutral_ip'),
  regeneratePassword: boolean('regenerate_password').notNull().default(false),
  funnel: text('funnel'),
  createdBy: uuid('created_by').references(() => users.id),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const coldDistributions = pgTable(
  'cold_distributions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    listId: uuid('list_id')
      .notNull()
      .references(() => coldLeadLists.id),
    ruleId: uuid('rule_id')
      .notNull()
      .references(() => coldRules.id),
    /** The affiliate the sends are made as: the new user sessions and their money are theirs. */
    affiliateId: uuid('affiliate_id')
      .notNull()
      .references(() => users.id),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id),
    /** Empty: every product of the offer. */
    productIds: uuid('product_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
    hourFrom: integer('hour_from').notNull().default(0),
    hourTo: integer('hour_to').notNull().default(24),
    timeZone: text('time_zone').notNull(),
    intervalMin: integer('interval_min').notNull(),
    intervalMax: integer('interval_max').notNull(),
    dailyLimit: integer('daily_limit'),
    order: text('order').notNull().default('newest'),
    status: text('status').notNull().default('active'),
    lastSendAt: timestamp('last_send_at', { withTimezone: true }),
    nextSendAt: timestamp('next_send_at', { withTimezone: true }),
    /** Why it is not sending now, in words. */
    waiting: text('waiting'),
    /** The process running the distribution holds it until then and renews it while it runs. */
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('cold_distributions_status_check', sql`${t.status} in ('active','paused','done','deleted')`),
    check('cold_distributions_order_check', sql`${t.order} in ('newest','oldest')`),
    check('cold_distributions_hours_check', sql`${t.hourFrom} between 0 and 23 and ${t.hourTo} between 1 and 24`),
    check('cold_distributions_interval_check', sql`${t.intervalMin} >= 0 and ${t.intervalMax} >= ${t.intervalMin}`),
    index('cold_distributions_status_idx').on(t.status),
  ],
);

/**
 * One lead taken by one distribution, claimed before it is sent: the primary key makes a second send of the lead by
 * the same distribution impossible, whatever process or restart tries. `sessionId` is the new user session the send
 * made (its status is the send's result); a skip has none and says why.
 */
export const coldSends = pgTable(
  'cold_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    distributionId: uuid('distribution_id')
      .notNull()
      .references(() => coldDistributions.id),
    originLeadId: uuid('origin_lead_id')
      .notNull()
      .references(() => leads.id),
    sessionId: uuid('session_id').references(() => leads.id),
    skipReason: text('skip_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('cold_sends_distribution_lead_uq').on(t.distributionId, t.originLeadId),
    index('cold_sends_distribution_created_idx').on(t.distributionId, t.createdAt),
    index('cold_sends_origin_idx').on(t.originLeadId, t.createdAt),
  ],
);

/** A product a stored lead was re-sent to: two distributions can never send one lead to the same buyer. */
export const coldProductClaims = pgTable(
  'cold_product_claims',
  {
    originLeadId: uuid('origin_lead_id')
      .notNull()
      .references(() => leads.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    distributionId: uuid('distribution_id')
      .notNull()
      .references(() => coldDistributions.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.originLeadId, t.productId] })],
);

/**
 * Each running server process (every worker under WORKERS=N, every host), written at start and refreshed by its
 * heartbeat; a row not seen for a few minutes is a process gone, pruned later (docs/product/system.md).
 */
export const serverProcesses = pgTable('server_processes', {
  id: uuid('id').primaryKey(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  version: text('version').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  lastSeen: timestamp('last_seen', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Each backup of the embedded database, scheduled or asked for (docs/product/system.md): `running` until it ends;
 * a row left `running` by a process that died is closed as failed by the next run.
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    trigger: text('trigger').$type<'scheduled' | 'manual'>().notNull(),
    status: text('status').$type<'running' | 'ok' | 'failed'>().notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    file: text('file'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    error: text('error'),
  },
  (t) => [index('backup_runs_started_idx').on(t.startedAt)],
);

/**
 * An advertiser's report uploaded for a period (docs/product/reconciliation.md): `parsed` once its rows are stored,
 * `classified` once they are matched against our conversions (with `summary`).
 */
export const reconciliationImports = pgTable(
  'reconciliation_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    advertiserId: uuid('advertiser_id')
      .notNull()
      .references(() => users.id),
    /** Days of the partner time zone. */
    periodFrom: date('period_from').notNull(),
    periodTo: date('period_to').notNull(),
    fileName: text('file_name').notNull(),
    fileSize: integer('file_size').notNull(),
    format: text('format').$type<'csv' | 'xlsx'>().notNull(),
    mapping: jsonb('mapping').$type<Record<string, unknown>>().notNull(),
    rowCount: integer('row_count').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    state: text('state').$type<'parsed' | 'classified'>().notNull().default('parsed'),
    summary: jsonb('summary').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('reconciliation_imports_advertiser_idx').on(t.advertiserId, t.createdAt),
    check('reconciliation_imports_format_check', sql`${t.format} in ('csv','xlsx')`),
    check('reconciliation_imports_period_check', sql`${t.periodFrom} <= ${t.periodTo}`),
  ],
);

/**
 * One row of an import: a file row (`line`, `data` the normalised row) or one of our conversions missing from the file
 * (`line` and `data` null). No foreign key to conversions: adding one would lock that hot table.
 */
export const reconciliationRows = pgTable(
  'reconciliation_rows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    importId: uuid('import_id')
      .notNull()
      .references(() => reconciliationImports.id, { onDelete: 'cascade' }),
    line: integer('line'),
    data: jsonb('data').$type<Record<string, unknown>>(),
    conversionId: uuid('conversion_id'),
    bucket: text('bucket'),
    ourStatus: text('our_status'),
    ourAmount: bigint('our_amount', { mode: 'number' }),
    ourCurrency: text('our_currency'),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    appliedBy: uuid('applied_by').references(() => users.id),
    /** The apply that applied it, and what it did (before and after, the conversion made, or the adjustment). */
    applyId: uuid('apply_id').references(() => reconciliationApplies.id),
    applied: jsonb('applied').$type<Record<string, unknown>>(),
  },
  (t) => [index('reconciliation_rows_import_idx').on(t.importId, t.line)],
);

/** One apply of an import's rows (docs/product/reconciliation.md, "Apply"): who, when, and what it did. */
export const reconciliationApplies = pgTable(
  'reconciliation_applies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    importId: uuid('import_id')
      .notNull()
      .references(() => reconciliationImports.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    applied: integer('applied').notNull(),
    conversionsChanged: integer('conversions_changed').notNull(),
    conversionsCreated: integer('conversions_created').notNull(),
    adjustments: integer('adjustments').notNull(),
  },
  (t) => [index('reconciliation_applies_import_idx').on(t.importId, t.createdAt)],
);

/** The column mapping an advertiser's reports are read with, saved by the last import or edit and reused. */
export const reconciliationMappings = pgTable('reconciliation_mappings', {
  advertiserId: uuid('advertiser_id')
    .primaryKey()
    .references(() => users.id),
  mapping: jsonb('mapping').$type<Record<string, unknown>>().notNull(),
  updatedBy: uuid('updated_by').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---- Automation (docs/product/automation.md, docs/decisions/066-automation-rules.md)

/**
 * A rule: a scope, a metric over a sliding window, a condition and actions, stored as the contract's shapes
 * (ruleScopeSchema, ruleConditionSchema, ruleActionSchema) with the scope's ids as they are. `builtin` names a rule the
 * panel ships (it is also the alert event it raises); such a rule is edited and disabled, never deleted.
 */
export const automationRules = pgTable('automation_rules', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  builtin: text('builtin').unique(),
  enabled: boolean('enabled').notNull().default(true),
  scope: jsonb('scope').$type<Record<string, unknown>>().notNull(),
  metric: text('metric').notNull(),
  windowMinutes: integer('window_minutes').notNull(),
  condition: jsonb('condition').$type<Record<string, unknown>>().notNull(),
  actions: jsonb('actions').$type<Record<string, unknown>[]>().notNull(),
  cooldownMinutes: integer('cooldown_minutes').notNull().default(60),
  lastEvaluatedAt: timestamp('last_evaluated_at', { withTimezone: true }),
  lastFiredAt: timestamp('last_fired_at', { withTimezone: true }),
  createdBy: uuid('created_by').references(() => users.id),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Per rule and subject (one offer, one affiliate on one offer, one cap in one period): when it last fired, for the cooldown. */
export const automationRuleState = pgTable(
  'automation_rule_state',
  {
    ruleId: uuid('rule_id')
      .notNull()
      .references(() => automationRules.id, { onDelete: 'cascade' }),
    subjectKey: text('subject_key').notNull(),
    lastFiredAt: timestamp('last_fired_at', { withTimezone: true }).notNull(),
    lastValue: doublePrecision('last_value').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ruleId, t.subjectKey] }),
    index('automation_rule_state_fired_idx').on(t.lastFiredAt),
  ],
);

/**
 * What the rules did and what staff undid (docs/product/automation.md, "Actions and undo";
 * docs/decisions/065-automation-actions-and-undo.md): the figures that triggered it, exactly the state it changed
 * (`before`, `after`) and a summary in words. An undo is a row of its own (`undoes`, `by_user`); the action it undid
 * becomes `undone`. The log outlives its rule.
 */
export const automationActions = pgTable(
  'automation_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ruleId: uuid('rule_id').references(() => automationRules.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    /** The ids of the one of the scope it acted on (offerId, affiliateId, productId, subKey, subValue). */
    subject: jsonb('subject').$type<Record<string, string | undefined>>().notNull(),
    figures: jsonb('figures').$type<Record<string, unknown>>().notNull(),
    before: jsonb('before').$type<unknown>(),
    after: jsonb('after').$type<unknown>(),
    summary: text('summary').notNull(),
    status: text('status').notNull().default('done'),
    error: text('error'),
    undoes: uuid('undoes').references((): AnyPgColumn => automationActions.id),
    byUser: uuid('by_user').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('automation_actions_created_idx').on(t.createdAt),
    index('automation_actions_rule_idx').on(t.ruleId, t.createdAt),
    check(
      'automation_actions_type_check',
      sql`${t.type} in ('notify','pause_affiliate','remove_product','set_cap','hold_conversions','undo')`,
    ),
    check('automation_actions_status_check', sql`${t.status} in ('done','undone','failed')`),
  ],
);

/**
 * What a pause or hold action keeps in force until undone: a pause of an affiliate on an offer (read into the click
 * and lead caches with the offer), or a hold of new conversions of an offer, affiliate and/or sub value (read by the
 * postback's context statement). One per scope: a rule that stays true does not pile them up. Changes notify
 * pxl_cache (migration 0045).
 */
export const automationBlocks = pgTable(
  'automation_blocks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actionId: uuid('action_id')
      .notNull()
      .references(() => automationActions.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    offerId: uuid('offer_id').references(() => offers.id, { onDelete: 'cascade' }),
    affiliateId: uuid('affiliate_id').references(() => users.id, { onDelete: 'cascade' }),
    subKey: text('sub_key'),
    subValue: text('sub_value'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('automation_blocks_scope_unique')
      .on(t.kind, t.offerId, t.affiliateId, t.subKey, t.subValue)
      .nullsNotDistinct(),
    index('automation_blocks_action_idx').on(t.actionId),
    check('automation_blocks_kind_check', sql`${t.kind} in ('pause','hold')`),
    check(
      'automation_blocks_pause_check',
      sql`${t.kind} <> 'pause' or (${t.offerId} is not null and ${t.affiliateId} is not null)`,
    ),
    check(
      'automation_blocks_sub_check',
      sql`${t.subKey} is null or (${t.subKey} in ('sub1','sub2','sub3','sub4','sub5') and ${t.subValue} is not null)`,
    ),
  ],
);

// ---- Alert channels and their outbox (docs/product/automation.md, docs/decisions/067-alert-channels-and-outbox.md)

/**
 * Where alerts go: a network channel (owner null, admin and head) or a user's own. `config` holds what may be shown
 * (chat id, API base, URL, addresses); the bot token, Slack URL or signing key is sealed in `secret_sealed`.
 */
export const notificationChannels = pgTable(
  'notification_channels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Empty: every event the owner may receive. */
    events: text('events').array().notNull().default([]),
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    secretSealed: text('secret_sealed'),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('notification_channels_kind_check', sql`${t.kind} in ('telegram','slack','webhook','email')`),
    index('notification_channels_owner_idx').on(t.ownerId),
  ],
);

/**
 * One alert for one channel until it is delivered or given up. A worker claims due rows (moving `next_attempt_at`
 * past the send as a lease and counting the attempt), so several processes never send one row at once.
 */
export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => notificationChannels.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    /** At most one alert per channel with a key: a rule firing twice, or again after a restart, sends once. */
    dedupeKey: text('dedupe_key'),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    check('notification_outbox_status_check', sql`${t.status} in ('pending','sent','failed')`),
    uniqueIndex('notification_outbox_dedupe_idx').on(t.channelId, t.dedupeKey),
    index('notification_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('notification_outbox_channel_idx').on(t.channelId, t.createdAt),
    index('notification_outbox_created_idx').on(t.createdAt),
  ],
);
