import { z } from 'zod';
import type { Role } from '../access/roles.ts';
import { GENDERS, LEAD_HISTORY_STATUSES } from '../constants/constants.data.ts';
import { isValidTimeZone } from '../constants/time-zones.ts';
import { CONVERSION_STATUSES } from '../conversions/conversions.schemas.ts';
import { dateParamSchema, listQuerySchema } from '../http/list.ts';
import { pageQuerySchema } from '../http/paging.ts';
import { LEAD_STATUSES } from '../leads/leads.schemas.ts';
import { csvList } from '../statistic/statistic.schemas.ts';

// Cold API: re-selling stored leads (docs/product/cold-api.md).

/** Admin, head and team lead; a team lead works with the leads of their team's affiliates only. */
export const COLD_ROLES = ['admin', 'head', 'team_lead'] as const satisfies readonly Role[];

export const COLD_SOURCES = ['user_session', 'conversion'] as const;
export const coldSourceSchema = z.enum(COLD_SOURCES);
export type ColdSource = z.infer<typeof coldSourceSchema>;

const title = z
  .string()
  .trim()
  .min(1, { message: 'Title is required' })
  .max(200, { message: 'At most 200 characters' });
const uuidList = csvList(z.uuid({ message: 'Not a valid ID' }));
const boolParam = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional();
const callStatusKeys = Object.keys(LEAD_HISTORY_STATUSES) as [
  keyof typeof LEAD_HISTORY_STATUSES,
  ...(keyof typeof LEAD_HISTORY_STATUSES)[],
];
const genderKeys = Object.keys(GENDERS) as [keyof typeof GENDERS, ...(keyof typeof GENDERS)[]];
export const countryCodeSchema = z.string().regex(/^[A-Z]{2}$/, { message: 'Use ISO country codes' });
export const timeZoneSchema = z.string().refine(isValidTimeZone, { message: 'Unknown time zone' });

// ---- Lead lists

export const leadListInputSchema = z.object({ title, source: coldSourceSchema.default('user_session') });
export type LeadListInput = z.input<typeof leadListInputSchema>;

/**
 * The stored leads a list can take: user sessions (any status, failed and rejected included) or the leads behind
 * conversions. Dates are days in `tz` of the lead's (or conversion's) creation.
 */
export const coldSearchFiltersSchema = z.object({
  date_from: dateParamSchema.optional(),
  date_to: dateParamSchema.optional(),
  tz: timeZoneSchema.optional(),
  offer: uuidList,
  affiliate: uuidList,
  product: uuidList,
  geo: csvList(countryCodeSchema, 300),
  lead_status: csvList(z.enum(LEAD_STATUSES), 4),
  call_status: csvList(z.enum(callStatusKeys), 20),
  /** Conversion tab only: the conversion's status. */
  conversion_status: csvList(z.enum(CONVERSION_STATUSES), 4),
  device: csvList(z.string().max(30)),
  os: csvList(z.string().max(30)),
  gender: csvList(z.enum(genderKeys), 3),
  /** Leads that never had a first deposit. */
  never_ftd: boolParam,
  /** Email, phone, IP or a Lead ID, exactly. */
  search: z.string().trim().max(200).optional(),
});
export type ColdSearchFilters = z.infer<typeof coldSearchFiltersSchema>;
export const coldSearchQuerySchema = coldSearchFiltersSchema.extend(pageQuerySchema.shape);
export type ColdSearchQuery = z.infer<typeof coldSearchQuerySchema>;

const ref = z.object({ uuid: z.uuid(), name: z.string() });
const offerRef = z.object({ uuid: z.uuid(), id: z.number().int(), title: z.string() });

/** One stored lead as the Cold API shows it; email and phone are masked for team leads (a***@x.com, +49•••123). */
export const coldLeadSchema = z.object({
  uuid: z.uuid(),
  created_at: z.string(),
  offer: offerRef,
  affiliate: ref,
  product: ref.nullable(),
  country: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  device: z.string().nullable(),
  os: z.string().nullable(),
  gender: z.string().nullable(),
  status: z.enum(LEAD_STATUSES),
  reason: z.string().nullable(),
  call_status: z.string().nullable(),
  is_ftd: z.boolean(),
  /** Conversion tab: the conversion the lead was found through. */
  conversion: z.object({ uuid: z.uuid(), goal: z.string(), status: z.enum(CONVERSION_STATUSES) }).nullable(),
  /** How many times the Cold API re-sent this lead, in every distribution. */
  resends: z.number().int(),
});
export type ColdLead = z.infer<typeof coldLeadSchema>;
export const coldSearchPageSchema = z.object({
  list: z.array(coldLeadSchema),
  count: z.number().int().min(0),
  /** The count stops at this many (the add-all job takes at most COLD_ADD_MAX). */
  count_capped: z.boolean(),
});

/** Adding to a list: the ticked leads, or every lead the filters match (in the background, at most COLD_ADD_MAX). */
export const COLD_ADD_MAX = 100_000;
export const leadListAddSchema = z
  .object({
    source: coldSourceSchema,
    lead_uuids: z
      .array(z.uuid({ message: 'Not a valid ID' }))
      .min(1, { message: 'Tick at least one lead' })
      .max(1000, { message: 'At most 1000 ticked leads at once; use "add all" for more' })
      .optional(),
    filters: coldSearchFiltersSchema.optional(),
  })
  // One object rather than a union of the two forms: a union's refusal would lose the field messages.
  .refine((b) => !b.lead_uuids !== !b.filters, {
    path: ['lead_uuids'],
    message: 'Tick leads, or send the filters to add all of them',
  });
export type LeadListAdd = z.input<typeof leadListAddSchema>;

export const ADD_JOB_STATES = ['running', 'done', 'failed'] as const;
export const addJobSchema = z.object({
  uuid: z.uuid(),
  state: z.enum(ADD_JOB_STATES),
  /** Leads the filters matched (at most COLD_ADD_MAX), and how many of them are in the list so far. */
  total: z.number().int(),
  done: z.number().int(),
  added: z.number().int(),
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type AddJob = z.infer<typeof addJobSchema>;
export const leadListAddResultSchema = z.object({
  /** Ticked leads are added at once; `job` is the background addition of a filter. */
  added: z.number().int(),
  job: addJobSchema.nullable(),
});

export const leadListSchema = z.object({
  uuid: z.uuid(),
  title: z.string(),
  source: coldSourceSchema,
  leads: z.number().int(),
  user_sessions: z.number().int(),
  conversions: z.number().int(),
  /**
   * The last filters of "add all", so the next visit of the add page opens with them: as the search takes them
   * (lists as arrays, never_ftd as 'true'), plain JSON because the filters' parsing transforms cannot be encoded back.
   */
  filters: z.record(z.string(), z.unknown()).nullable(),
  job: addJobSchema.nullable(),
  created_by: ref.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type LeadList = z.infer<typeof leadListSchema>;
export const LEAD_LIST_SORTS = ['created_at', 'title'] as const;
export const leadListQuerySchema = listQuerySchema(LEAD_LIST_SORTS);

/** The details page: the list's leads from one tab, with the last re-send of each. */
export const listLeadsQuerySchema = pageQuerySchema.extend({
  source: coldSourceSchema.default('user_session'),
  search: z.string().trim().max(200).optional(),
});
export const LAST_SEND_RESULTS = ['sending', 'accepted', 'rejected', 'unknown', 'skipped'] as const;
export const lastSendSchema = z.object({
  at: z.string(),
  distribution: z.object({ uuid: z.uuid(), title: z.string() }),
  result: z.enum(LAST_SEND_RESULTS),
  product: ref.nullable(),
  detail: z.string().nullable(),
});
export const listLeadSchema = coldLeadSchema.extend({ added_at: z.string(), last_send: lastSendSchema.nullable() });
export type ListLead = z.infer<typeof listLeadSchema>;
export const listLeadsPageSchema = z.object({ list: z.array(listLeadSchema), count: z.number().int().min(0) });
export const listLeadsRemoveSchema = z.object({
  source: coldSourceSchema,
  lead_uuids: z
    .array(z.uuid({ message: 'Not a valid ID' }))
    .min(1, { message: 'Tick at least one lead' })
    .max(1000),
});

// ---- Rules

const nonNegative = (max: number, name: string) =>
  z
    .number({ message: `${name} must be a whole number` })
    .int({ message: `${name} must be a whole number` })
    .min(0, { message: `${name} cannot be negative` })
    .max(max, { message: `${name} must be at most ${max}` });
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

export const ruleInputSchema = z
  .object({
    name: title,
    /** How many times one lead may be re-sent in all distributions (1 to 100). */
    max_resends: nonNegative(100, 'Max re-sends').min(1, { message: 'Max re-sends must be at least 1' }),
    /** Fewest whole days between two sends of one lead (its first arrival counts as a send). */
    min_days_between: nonNegative(3650, 'Days between sends'),
    never_same_product: z.boolean().default(true),
    skip_ftd: z.boolean().default(true),
    /** Countries whose leads may be sent; empty = any. */
    geos: z.array(countryCodeSchema).max(300).default([]),
    send_original_ip: z.boolean().default(true),
    /** The address sent instead when the original is not (an IPv4 the buyers accept). */
    // null as the stored rule reads, '' as an emptied field sends: both mean none.
    neutral_ip: z
      .string()
      .trim()
      .nullish()
      .transform((v) => (v ? v : null))
      .refine((v) => v === null || IPV4.test(v), { message: 'Use an IPv4 address such as 203.0.113.10' }),
    regenerate_password: z.boolean().default(false),
    /** Sent as the lead's funnel instead of its own; empty = keep. */
    funnel: z
      .string()
      .trim()
      .max(200, { message: 'At most 200 characters' })
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .superRefine((r, ctx) => {
    if (!r.send_original_ip && !r.neutral_ip)
      ctx.addIssue({ code: 'custom', path: ['neutral_ip'], message: 'Give the address to send instead' });
  });
export type RuleInput = z.input<typeof ruleInputSchema>;
export const ruleSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  max_resends: z.number().int(),
  min_days_between: z.number().int(),
  never_same_product: z.boolean(),
  skip_ftd: z.boolean(),
  geos: z.array(z.string()),
  send_original_ip: z.boolean(),
  neutral_ip: z.string().nullable(),
  regenerate_password: z.boolean(),
  funnel: z.string().nullable(),
  /** Distributions (not deleted) using the rule: it cannot be deleted while any does. */
  distributions: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ColdRule = z.infer<typeof ruleSchema>;
export const RULE_SORTS = ['created_at', 'name'] as const;
export const ruleQuerySchema = listQuerySchema(RULE_SORTS);

// ---- Distributions

export const DISTRIBUTION_STATUSES = ['active', 'paused', 'done', 'deleted'] as const;
export const distributionStatusSchema = z.enum(DISTRIBUTION_STATUSES);
export type DistributionStatus = z.infer<typeof distributionStatusSchema>;
export const DISTRIBUTION_ORDERS = ['newest', 'oldest'] as const;

export const distributionInputSchema = z
  .object({
    title,
    list_uuid: z.uuid({ message: 'Choose a lead list' }),
    rule_uuid: z.uuid({ message: 'Choose a rule' }),
    affiliate_uuid: z.uuid({ message: 'Choose the affiliate to send as' }),
    offer_uuid: z.uuid({ message: 'Choose an API offer' }),
    /** A subset of the offer's products; empty = all of them, in the offer's order. */
    product_uuids: z.array(z.uuid()).max(100).default([]),
    start_date: dateParamSchema,
    end_date: dateParamSchema.nullable().default(null),
    /** Daily window in `time_zone`: from hour_from:00 to hour_to:00 (0–24); from = to means all day. */
    hour_from: z.number().int().min(0).max(23).default(0),
    hour_to: z.number().int().min(1).max(24).default(24),
    time_zone: timeZoneSchema,
    /** A random pause between two sends, in whole seconds. */
    interval_min: z.number().int().min(0, { message: 'The pause cannot be negative' }).max(86_400),
    interval_max: z.number().int().min(0).max(86_400, { message: 'At most 86,400 seconds (a day)' }),
    /** Sends per day in `time_zone` (skips do not count); null = no limit. */
    daily_limit: z.number().int().min(1, { message: 'At least 1, or leave empty' }).max(1_000_000).nullable(),
    order: z.enum(DISTRIBUTION_ORDERS).default('newest'),
  })
  .superRefine((d, ctx) => {
    if (d.interval_max < d.interval_min)
      ctx.addIssue({
        code: 'custom',
        path: ['interval_max'],
        message: 'The longest pause must not be shorter than the shortest',
      });
    if (d.end_date && d.end_date < d.start_date)
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'The end date must not be before the start date' });
  });
export type DistributionInput = z.input<typeof distributionInputSchema>;

export const SEND_RESULTS = ['sending', 'accepted', 'rejected', 'unknown', 'skipped'] as const;
export const SKIP_REASONS = {
  max_resends: 'Re-sent as often as the rule allows',
  too_soon: 'Sent too recently for the rule',
  ftd: 'The lead already deposited',
  geo: "The lead's country is not allowed by the rule",
  no_product: 'No product of the offer may take the lead',
  lead_missing: 'The lead no longer has the data to send',
} as const;
export type SkipReason = keyof typeof SKIP_REASONS;

export const distributionCountersSchema = z.object({
  /** List leads not yet taken by this distribution. */
  queued: z.number().int(),
  sent: z.number().int(),
  accepted: z.number().int(),
  rejected: z.number().int(),
  /** Sends still in flight or waiting for the buyer's status. */
  pending: z.number().int(),
  ftd: z.number().int(),
  skipped: z.number().int(),
  skipped_by: z.record(z.string(), z.number().int()),
});
export const distributionSchema = z.object({
  uuid: z.uuid(),
  title: z.string(),
  list: z.object({ uuid: z.uuid(), title: z.string() }),
  rule: z.object({ uuid: z.uuid(), name: z.string() }),
  affiliate: z.object({ uuid: z.uuid(), name: z.string(), email: z.string() }),
  offer: offerRef,
  products: z.array(ref),
  start_date: z.string(),
  end_date: z.string().nullable(),
  hour_from: z.number().int(),
  hour_to: z.number().int(),
  time_zone: z.string(),
  interval_min: z.number().int(),
  interval_max: z.number().int(),
  daily_limit: z.number().int().nullable(),
  order: z.enum(DISTRIBUTION_ORDERS),
  status: distributionStatusSchema,
  counters: distributionCountersSchema,
  last_send_at: z.string().nullable(),
  next_send_at: z.string().nullable(),
  /** Why nothing is being sent now, in words (outside the hours, daily limit reached, list exhausted…). */
  waiting: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Distribution = z.infer<typeof distributionSchema>;
export const DISTRIBUTION_SORTS = ['created_at', 'title', 'last_send_at'] as const;
export const distributionQuerySchema = listQuerySchema(DISTRIBUTION_SORTS).extend({
  status: csvList(distributionStatusSchema, 4),
});
export const distributionStatusInputSchema = z.object({ status: distributionStatusSchema });

export const coldSendSchema = z.object({
  uuid: z.uuid(),
  at: z.string(),
  /** The stored lead that was re-sent, and the new user session the send made (null when skipped). */
  lead: z.object({ uuid: z.uuid(), email: z.string().nullable(), country: z.string().nullable() }),
  session_uuid: z.uuid().nullable(),
  product: ref.nullable(),
  result: z.enum(SEND_RESULTS),
  skip_reason: z.string().nullable(),
  autologin_url: z.string().nullable(),
  error: z.string().nullable(),
  is_ftd: z.boolean(),
});
export type ColdSend = z.infer<typeof coldSendSchema>;
export const sendsQuerySchema = pageQuerySchema.extend({ result: csvList(z.enum(SEND_RESULTS), 5) });
export const sendsPageSchema = z.object({ list: z.array(coldSendSchema), count: z.number().int().min(0) });

/** What a distribution form may pick from: API offers with their products, and affiliates in the caller's scope. */
export const coldOptionsSchema = z.object({
  offers: z.array(offerRef.extend({ products: z.array(ref) })),
  affiliates: z.array(z.object({ uuid: z.uuid(), name: z.string(), email: z.string() })),
  lists: z.array(z.object({ uuid: z.uuid(), title: z.string(), leads: z.number().int() })),
  rules: z.array(z.object({ uuid: z.uuid(), name: z.string() })),
});
export type ColdOptions = z.infer<typeof coldOptionsSchema>;
