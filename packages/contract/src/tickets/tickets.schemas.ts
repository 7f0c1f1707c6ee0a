import { z } from 'zod';
import { OFFER_EDITORS, PARTNER_ROLES } from '../access/roles.ts';
import { listQuerySchema, refSchema } from '../http/list.ts';

/** Who has tickets (docs/product/routes.md): admin, head, manager and the partners; never the team lead. */
export const TICKET_ROLES = [...OFFER_EDITORS, ...PARTNER_ROLES] as const;

export const TICKET_TYPES = ['general', 'financial', 'technical', 'offer_access'] as const;
export const ticketTypeSchema = z.enum(TICKET_TYPES);
export type TicketType = z.infer<typeof ticketTypeSchema>;
/** Offer access tickets are opened by "Request access" on an offer, never by the form. */
export const NEW_TICKET_TYPES = ['general', 'financial', 'technical'] as const;

export const TICKET_STATUSES = ['open', 'answered', 'closed'] as const;
export const ticketStatusSchema = z.enum(TICKET_STATUSES);
export type TicketStatus = z.infer<typeof ticketStatusSchema>;

/** Images and PDF, checked by their first bytes on the server (docs/decisions/025-tickets.md). */
export const TICKET_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
export const TICKET_ATTACHMENT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf'];
export const TICKET_MAX_ATTACHMENTS = 5;
/**
 * Per user: uploads an hour, and the total size of uploads not yet sent; unsent uploads are removed after a day
 * (docs/decisions/033-ticket-upload-limits.md).
 */
export const TICKET_UPLOADS_PER_HOUR = 30;
export const TICKET_UNSENT_MAX_BYTES = 50 * 1024 * 1024;

export const ticketAttachmentSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  mime: z.string(),
  size: z.number(),
});
export type TicketAttachment = z.infer<typeof ticketAttachmentSchema>;
export const ticketUploadQuerySchema = z.object({
  name: z.string().trim().min(1, { message: 'File name is required' }).max(200, { message: 'At most 200 characters' }),
});

const messageText = z
  .string()
  .trim()
  .min(1, { message: 'Message is required' })
  .max(10_000, { message: 'At most 10000 characters' });
const attachmentIds = z
  .array(z.uuid({ message: 'Not a valid ID' }))
  .max(TICKET_MAX_ATTACHMENTS, { message: `At most ${TICKET_MAX_ATTACHMENTS} files` })
  .default([]);

export const ticketCreateSchema = z.object({
  type: z.enum(NEW_TICKET_TYPES, { message: 'Choose a type' }),
  // One line: breaks and tabs fold to a space rather than refusing a pasted subject (docs/product/tickets-and-mail.md).
  subject: z
    .string()
    .transform((v) => v.replace(/[\s\p{Cc}]+/gu, ' ').trim())
    .pipe(z.string().min(1, { message: 'Subject is required' }).max(200, { message: 'At most 200 characters' })),
  body: messageText,
  attachments: attachmentIds,
});
export type TicketCreateInput = z.input<typeof ticketCreateSchema>;
export const ticketReplySchema = z.object({ body: messageText, attachments: attachmentIds });
export type TicketReplyInput = z.input<typeof ticketReplySchema>;

export const ticketOfferSchema = z.object({ uuid: z.uuid(), id: z.number(), title: z.string() });

export const ticketRowSchema = z.object({
  uuid: z.uuid(),
  type: ticketTypeSchema,
  status: ticketStatusSchema,
  subject: z.string(),
  partner: refSchema.extend({ role: z.string() }),
  manager: refSchema.nullable(),
  offer: ticketOfferSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  last_message_at: z.string(),
  /** A message by someone else came after the caller last opened it. */
  unread: z.boolean(),
});
export type TicketRow = z.infer<typeof ticketRowSchema>;

export const ticketMessageSchema = z.object({
  uuid: z.uuid(),
  author: refSchema.nullable(),
  /** The author is the partner side (else staff). */
  from_partner: z.boolean(),
  body: z.string(),
  attachments: z.array(ticketAttachmentSchema),
  created_at: z.string(),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

export const ticketAccessRequestSchema = z.object({
  uuid: z.uuid(),
  status: z.enum(['pending', 'approved', 'declined']),
});
export const ticketSchema = ticketRowSchema.extend({
  messages: z.array(ticketMessageSchema),
  access_request: ticketAccessRequestSchema.nullable(),
});
export type Ticket = z.infer<typeof ticketSchema>;

export const TICKET_SORTS = ['last_message_at', 'created_at', 'subject'] as const;
export const ticketListQuerySchema = listQuerySchema(TICKET_SORTS).extend({
  type: ticketTypeSchema.optional(),
  status: ticketStatusSchema.optional(),
  partner_uuid: z.uuid({ message: 'Not a valid ID' }).optional(),
  manager_uuid: z.uuid({ message: 'Not a valid ID' }).optional(),
});

export const ticketUnreadSchema = z.object({ unread: z.number().int().min(0) });
