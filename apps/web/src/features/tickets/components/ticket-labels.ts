import { NEW_TICKET_TYPES, TICKET_STATUSES, TICKET_TYPES } from '@pxl/contract/tickets/tickets.schemas';
import type { TicketStatus, TicketType } from '@pxl/contract/tickets/tickets.schemas';
import { statusOptions } from '@/lib/labels.ts';

export const TYPE_LABELS: Record<TicketType, string> = {
  general: 'General',
  financial: 'Financial',
  technical: 'Technical',
  offer_access: 'Offer access',
};
export const STATUS_COLORS: Record<TicketStatus, string> = { open: 'blue', answered: 'green', closed: 'gray' };

export const TYPE_OPTIONS = statusOptions(TICKET_TYPES, (t) => TYPE_LABELS[t as TicketType]);
export const NEW_TYPE_OPTIONS = statusOptions(NEW_TICKET_TYPES, (t) => TYPE_LABELS[t as TicketType]);
export const STATUS_OPTIONS = statusOptions(TICKET_STATUSES);

export const ticketPath = (uuid: string) => `/tickets/${uuid}`;

export const sizeLabel = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
