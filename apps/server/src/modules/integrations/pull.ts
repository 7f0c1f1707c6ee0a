import { LEAD_MACROS, type IntegrationTemplate, type LeadCallStatus } from '@pxl/contract';
import { exchange, type Exchange } from './exchange.ts';
import type { ProductContext } from './product-context.ts';
import { readPath, textOf } from './template.ts';
import { pageOf } from '../../lib/paging.ts';

/** One lead as a status page lists it. `lead_id` is our attempt id (match_by lead_id), else `external_id` is set. */
export type PulledStatus = {
  lead_id: string | null;
  external_id: string | null;
  raw_status: string;
  /** The mapped status; null when the buyer's status is not in the map (kept as raw text, changes nothing). */
  status: LeadCallStatus | null;
  is_ftd: boolean;
  /** The deposit in minor units, when the buyer sent one. */
  amount: number | null;
};

/** A page could not be read: nothing of this pull should be applied as complete. Carries the calls made so far. */
export class PullError extends Error {
  constructor(
    message: string,
    readonly exchanges: Exchange[],
  ) {
    super(message);
  }
}

// A background job, not a lead waiting on an answer: pages may take longer than a push.
const PULL_TIMEOUT_MS = 30_000;
const TRUTHY = new Set(['true', '1', 'yes', 'y']);

/** 250, 250.5 or "1,250.00" major units → minor units; anything else (or negative) → null. */
export const minorUnits = (value: unknown): number | null => {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.replace(/[\s,]/g, '') : '';
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const amount = Math.round(Number(text) * 100);
  return Number.isSafeInteger(amount) ? amount : null;
};

const itemOf = (
  pull: IntegrationTemplate['pull'],
  statusMap: Map<string, LeadCallStatus>,
  item: unknown,
): PulledStatus => {
  const id = textOf(readPath(item, pull.id_path)).trim() || null;
  const raw = textOf(readPath(item, pull.status_path)).trim();
  const status = statusMap.get(raw.toLowerCase()) ?? null;
  return {
    lead_id: pull.match_by === 'lead_id' ? id : null,
    external_id: pull.match_by === 'external_id' ? id : null,
    raw_status: raw,
    status,
    is_ftd: TRUTHY.has(textOf(readPath(item, pull.ftd_path)).trim().toLowerCase()) || status === 'ftd',
    amount: minorUnits(readPath(item, pull.amount_path)),
  };
};

/**
 * Reads the statuses changed since `since`, page by page until a short page or max_pages. Rejects with PullError when a
 * page fails (not 2xx, timeout, network, no list where items_path points).
 */
export const pullStatuses = async (
  ctx: ProductContext,
  since: Date,
): Promise<{ items: PulledStatus[]; pages: number; exchanges: Exchange[] }> => {
  const { pull } = ctx.template;
  const statusMap = new Map(Object.entries(pull.status_map).map(([k, v]) => [k.toLowerCase(), v]));
  const items: PulledStatus[] = [];
  const exchanges: Exchange[] = [];
  const blank = Object.fromEntries(LEAD_MACROS.map((m) => [m, '']));
  for (let page = 1; page <= pull.max_pages; page += 1) {
    const vars = {
      ...blank,
      since: since.toISOString(),
      since_unix: String(Math.floor(since.getTime() / 1000)),
      page: String(page),
      page_size: String(pull.page_size),
      offset: String(pageOf({ page, count: pull.page_size }).offset),
    };
    const { exchange: ex, call, json } = await exchange(ctx, pull.call, vars, PULL_TIMEOUT_MS);
    exchanges.push(ex);
    if (call.status_code === null) throw new PullError(`Page ${page}: ${ex.response.error}`, exchanges);
    if (call.status_code < 200 || call.status_code > 299)
      throw new PullError(`Page ${page}: HTTP ${call.status_code}`, exchanges);
    const list = pull.items_path ? readPath(json, pull.items_path) : json;
    if (!Array.isArray(list))
      throw new PullError(`Page ${page}: no list at ${pull.items_path || 'the top of the answer'}`, exchanges);
    items.push(...list.map((item) => itemOf(pull, statusMap, item)));
    if (list.length < pull.page_size) return { items, pages: page, exchanges };
  }
  return { items, pages: pull.max_pages, exchanges };
};
