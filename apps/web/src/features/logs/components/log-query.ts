import { AUDIT_ACTIONS, type AuditAction } from '@pxl/contract/log/log.schemas';
import type { LogListQuery } from '../api/get-log-list.ts';

export const LOG_FILTERS = ['date_from', 'date_to', 'action', 'user_uuid'] as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (text: string): boolean => UUID.test(text.trim());

/**
 * The URL filters → the log API query. Values the server would refuse (a bad date, an unknown action,
 * a malformed user id, or the user filter for roles that may not use it) are left out instead of failing the list.
 */
export function logQueryFrom(
  page: number,
  count: number,
  filters: Record<string, string>,
  canFilterUser: boolean,
): LogListQuery {
  const query: LogListQuery = { page, count };
  if (filters.date_from && DATE.test(filters.date_from)) query.date_from = filters.date_from;
  if (filters.date_to && DATE.test(filters.date_to)) query.date_to = filters.date_to;
  if (filters.action && (AUDIT_ACTIONS as readonly string[]).includes(filters.action))
    query.action = filters.action as AuditAction;
  if (canFilterUser && filters.user_uuid && isUuid(filters.user_uuid))
    query.user_uuid = filters.user_uuid.trim().toLowerCase();
  return query;
}
