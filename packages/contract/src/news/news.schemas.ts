import { z } from 'zod';
import type { Role } from '../access/roles.ts';
import { dateTimeParamSchema, listQuerySchema } from '../http/list.ts';
import { pageQuerySchema } from '../http/paging.ts';

export const NEWS_AUDIENCES = ['affiliates', 'advertisers', 'all'] as const;
export const newsAudienceSchema = z.enum(NEWS_AUDIENCES);
export type NewsAudience = z.infer<typeof newsAudienceSchema>;

/** The audiences whose news a role reads in its feed; staff read none there (they manage news in settings). */
export const newsAudiencesFor = (role: Role | null): NewsAudience[] => {
  if (role === 'affiliate') return ['affiliates', 'all'];
  if (role === 'advertiser') return ['advertisers', 'all'];
  return [];
};

export const NEWS_BODY_MAX = 20_000;
export const newsMarkdownSchema = z
  .string()
  .max(NEWS_BODY_MAX, { message: `At most ${NEWS_BODY_MAX} characters` })
  .refine((s) => s.trim().length > 0, { message: 'Text is required' });

export const newsInputSchema = z.object({
  title: z.string().trim().min(1, { message: 'Title is required' }).max(200, { message: 'At most 200 characters' }),
  body: newsMarkdownSchema,
  audience: newsAudienceSchema,
  /** A date in the future keeps the item hidden from partners until then; without one it is published at once. */
  publish_at: dateTimeParamSchema().nullable().optional(),
  pinned: z.boolean().default(false),
});
export type NewsInput = z.input<typeof newsInputSchema>;

const authorSchema = z.object({ uuid: z.uuid(), name: z.string(), email: z.string() });

/** What admin and head see: the Markdown as written and the safe HTML the server made of it. */
export const newsItemSchema = z.object({
  uuid: z.uuid(),
  title: z.string(),
  body: z.string(),
  body_html: z.string(),
  audience: newsAudienceSchema,
  publish_at: z.string(),
  published: z.boolean(),
  pinned: z.boolean(),
  author: authorSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type NewsItem = z.infer<typeof newsItemSchema>;

export const NEWS_SORTS = ['publish_at', 'created_at', 'title'] as const;
export const NEWS_STATES = ['published', 'scheduled'] as const;
export const newsListQuerySchema = listQuerySchema(NEWS_SORTS).extend({
  audience: newsAudienceSchema.optional(),
  state: z.enum(NEWS_STATES).optional(),
});

/** What a partner reads: published items of their audience with their own read mark. */
export const newsFeedItemSchema = z.object({
  uuid: z.uuid(),
  title: z.string(),
  body_html: z.string(),
  publish_at: z.string(),
  pinned: z.boolean(),
  read: z.boolean(),
});
export type NewsFeedItem = z.infer<typeof newsFeedItemSchema>;
export const newsFeedQuerySchema = pageQuerySchema;
export const newsFeedSchema = z.object({
  list: z.array(newsFeedItemSchema),
  count: z.number().int().min(0),
  /** Unread items of the whole feed, not of this page: the dashboard card and the tab show it. */
  unread: z.number().int().min(0),
});
export type NewsFeed = z.infer<typeof newsFeedSchema>;

export const markdownPreviewSchema = z.object({ body: newsMarkdownSchema });
export const renderedSchema = z.object({ html: z.string() });
