import { macroUrlSchema } from '@pxl/contract/format/url-macros';
import { POSTBACK_EVENTS, type PostbackEvent } from '@pxl/contract/postbacks/postbacks.schemas';
import type { PostbackSettingsInput } from '../api/save-postback-settings.ts';

export const EVENTS = Object.keys(POSTBACK_EVENTS) as PostbackEvent[];

export type OfferRef = { id: number; title: string };
export type OverrideRow = { key: string; offer: OfferRef | null; event: PostbackEvent; url: string };
export type SettingsValues = { general: Record<PostbackEvent, string>; overrides: OverrideRow[] };
export type Setting = { event: PostbackEvent; offer: OfferRef | null; url: string };

let nextKey = 0;
/** Rows need a stable React key before they have a server id. */
export const newRowKey = (): string => `row-${++nextKey}`;

export const emptyOverride = (): OverrideRow => ({ key: newRowKey(), offer: null, event: 'conversion', url: '' });

/** The server's list → one URL per event (every offer) and the per-offer rows. */
export function valuesFrom(list: readonly Setting[]): SettingsValues {
  const general = Object.fromEntries(EVENTS.map((e) => [e, ''])) as Record<PostbackEvent, string>;
  const overrides: OverrideRow[] = [];
  for (const s of list) {
    if (s.offer)
      overrides.push({ key: newRowKey(), offer: { id: s.offer.id, title: s.offer.title }, event: s.event, url: s.url });
    else general[s.event] = s.url;
  }
  return { general, overrides };
}

/** Field errors keyed `general.<event>`, `overrides.<key>.offer|url`; the PUT body when there are none. */
export function validate(values: SettingsValues): { errors: Record<string, string>; body?: PostbackSettingsInput } {
  const errors: Record<string, string> = {};
  const items: PostbackSettingsInput['items'] = [];
  const urlError = (url: string) => {
    const parsed = macroUrlSchema.safeParse(url);
    return parsed.success ? undefined : parsed.error.issues[0]?.message;
  };
  for (const event of EVENTS) {
    const url = values.general[event].trim();
    if (!url) continue;
    const error = urlError(url);
    if (error) errors[`general.${event}`] = error;
    else items.push({ event, offer_id: null, url });
  }
  const seen = new Set<string>();
  for (const row of values.overrides) {
    const url = row.url.trim();
    if (!row.offer) errors[`overrides.${row.key}.offer`] = 'Choose an offer';
    const error = url ? urlError(url) : 'Enter the URL';
    if (error) errors[`overrides.${row.key}.url`] = error;
    const pair = `${row.event}|${row.offer?.id ?? ''}`;
    if (row.offer && seen.has(pair))
      errors[`overrides.${row.key}.offer`] = 'This offer already has a URL for this event';
    seen.add(pair);
    if (row.offer && !error) items.push({ event: row.event, offer_id: row.offer.id, url });
  }
  return Object.keys(errors).length ? { errors } : { errors, body: { items } };
}
