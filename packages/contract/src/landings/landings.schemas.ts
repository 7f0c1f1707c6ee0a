import { z } from 'zod';
import { LANGUAGES } from '../constants/languages.data.ts';
import { listQuerySchema } from '../http/list.ts';
import { macroUrlSchema, optionalMacroUrlSchema } from '../format/url-macros.ts';
import { tagSchema } from '../affiliates/affiliates.schemas.ts';

export const LANDING_TYPES = ['landing', 'prelanding'] as const;
export const LANDING_STATUSES = ['active', 'moderation', 'stopped', 'deleted'] as const;
export const LANDING_PRIVACIES = ['public', 'private'] as const;
export const landingTypeSchema = z.enum(LANDING_TYPES);
export const landingStatusSchema = z.enum(LANDING_STATUSES);
export const landingPrivacySchema = z.enum(LANDING_PRIVACIES);
export type LandingStatus = z.infer<typeof landingStatusSchema>;

const languageSchema = z.string().refine((l) => l in LANGUAGES, { message: 'Unknown language' });

export const landingInputSchema = z.object({
  name: z.string().trim().min(1, { message: 'Name is required' }).max(200, { message: 'At most 200 characters' }),
  type: landingTypeSchema.default('landing'),
  url: macroUrlSchema,
  preview_url: optionalMacroUrlSchema,
  languages: z
    .array(languageSchema)
    .max(50)
    .default([])
    .refine((l) => new Set(l).size === l.length, { message: 'Each language once' }),
  /** Private landings are offered only to the offer's trusted affiliates. */
  privacy: landingPrivacySchema.default('public'),
  status: landingStatusSchema.exclude(['deleted']).default('moderation'),
  tags: z.array(tagSchema).max(30).default([]),
  offer_uuids: z
    .array(z.uuid())
    .max(500)
    .default([])
    .refine((l) => new Set(l).size === l.length, { message: 'Each offer once' }),
});

export const landingSchema = z.object({
  uuid: z.uuid(),
  id: z.number().int(),
  name: z.string(),
  type: landingTypeSchema,
  url: z.string(),
  preview_url: z.string().nullable(),
  languages: z.array(z.string()),
  privacy: landingPrivacySchema,
  status: landingStatusSchema,
  tags: z.array(z.string()),
  offers: z.array(z.object({ uuid: z.uuid(), id: z.number().int(), title: z.string(), status: z.string() })),
  created_at: z.string(),
});
export type Landing = z.infer<typeof landingSchema>;

export const LANDING_SORTS = ['created_at', 'id', 'name', 'status'] as const;
export const landingListQuerySchema = listQuerySchema(LANDING_SORTS).extend({
  type: landingTypeSchema.optional(),
  status: landingStatusSchema.optional(),
  privacy: landingPrivacySchema.optional(),
  language: languageSchema.optional(),
  tag: tagSchema.optional(),
  offer_uuid: z.uuid().optional(),
});
export const landingStatusChangeSchema = z.object({ status: landingStatusSchema });
