import { and, eq, inArray, isNull } from 'drizzle-orm';
import { TICKET_ATTACHMENT_MAX_BYTES } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { ticketAttachments, ticketMessages } from '../../db/schema.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { sniffType } from '../../lib/file-type.ts';
import { findTicket } from './tickets.repository.ts';

export const storeUpload = async (db: Db, auth: AuthContext, name: string, body: unknown) => {
  if (!Buffer.isBuffer(body) || body.length === 0) throw badRequest('file', 'Choose a file to upload');
  if (body.length > TICKET_ATTACHMENT_MAX_BYTES) throw badRequest('file', 'A file may be at most 5 MB');
  const mime = sniffType(body);
  if (!mime) throw badRequest('file', 'Only images (PNG, JPEG, GIF, WebP) and PDF files can be attached');
  const [row] = await db
    .insert(ticketAttachments)
    .values({ uploaderId: auth.user.id, name, mime, size: body.length, content: body })
    .returning({ uuid: ticketAttachments.id });
  return { uuid: row.uuid, name, mime, size: body.length };
};

/** Binds the caller's own unsent uploads to a message; someone else's or an already sent file is refused. */
export const bindUploads = async (db: Db, auth: AuthContext, messageId: string, ids: string[]) => {
  if (!ids.length) return;
  const bound = await db
    .update(ticketAttachments)
    .set({ messageId })
    .where(
      and(
        inArray(ticketAttachments.id, ids),
        eq(ticketAttachments.uploaderId, auth.user.id),
        isNull(ticketAttachments.messageId),
      ),
    )
    .returning({ id: ticketAttachments.id });
  if (bound.length !== new Set(ids).size) throw badRequest('attachments', 'A file was not found: upload it again');
};

/** A sent file for whoever may read its ticket; an unsent one for its uploader only. Anyone else: 404. */
export const loadAttachment = async (db: Db, auth: AuthContext, id: string) => {
  const [row] = await db
    .select({ a: ticketAttachments, ticketId: ticketMessages.ticketId })
    .from(ticketAttachments)
    .leftJoin(ticketMessages, eq(ticketMessages.id, ticketAttachments.messageId))
    .where(eq(ticketAttachments.id, id));
  if (!row) throw notFound('Attachment');
  const allowed = row.ticketId ? Boolean(await findTicket(db, auth, row.ticketId)) : row.a.uploaderId === auth.user.id;
  if (!allowed) throw notFound('Attachment');
  return row.a;
};
