import { OUTBOUND_STATUSES, type OutboundPostback } from '@pxl/contract/postbacks/postbacks.schemas';

export type OutboundStatus = OutboundPostback['status'];

export type PostbackLogQuery = {
  page: number;
  count: number;
  affiliate_uuid?: string;
  offer_uuid?: string;
  status_code?: number;
  status?: OutboundStatus;
  date_from?: string;
  date_to?: string;
};

/** URL keys of the log filters; `tab` picks outbound or inbound and is not a filter. */
export const POSTBACK_LOG_FILTERS = [
  'affiliate_uuid',
  'offer_uuid',
  'status_code',
  'status',
  'date_from',
  'date_to',
] as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * URL filters → the log API query. Values the server would refuse (a hand-edited URL) are left out instead of
 * failing the list; `status` only applies to the outbound log.
 */
export function postbackLogQuery(
  page: number,
  count: number,
  filters: Record<string, string>,
  outbound: boolean,
): PostbackLogQuery {
  const query: PostbackLogQuery = { page, count };
  if (filters.affiliate_uuid && UUID.test(filters.affiliate_uuid))
    query.affiliate_uuid = filters.affiliate_uuid.toLowerCase();
  if (filters.offer_uuid && UUID.test(filters.offer_uuid)) query.offer_uuid = filters.offer_uuid.toLowerCase();
  if (filters.status_code && /^\d{1,3}$/.test(filters.status_code)) query.status_code = Number(filters.status_code);
  if (outbound && (OUTBOUND_STATUSES as readonly string[]).includes(filters.status ?? ''))
    query.status = filters.status as OutboundStatus;
  if (filters.date_from && DATE.test(filters.date_from)) query.date_from = filters.date_from;
  if (filters.date_to && DATE.test(filters.date_to)) query.date_to = filters.date_to;
  return query;
}
