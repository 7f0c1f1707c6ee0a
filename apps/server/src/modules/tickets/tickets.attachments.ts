import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { TICKET_ATTACHMENT_MAX_BYTES, TICKET_UNSENT_MAX_BYTES, TICKET_UPLOADS_PER_HOUR } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { ticketAttachments, ticketMessages } from '../../db/schema.ts';
import { inTransaction } from '../../lib/audit.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { badRequest, notFound, tooManyRequests } from '../../lib/errors.ts';
import { nameForType, sniffType } from '../../lib/file-type.ts';
import { waitForLimit } from '../../lib/rate-limit.ts';
import { findTicket } from './tickets.repository.ts';

const HOUR_MS = 60 * 60 * 1000;
const MB = 1024 * 1024;

/**
 * Counted before the file is looked at, so a flood of refused files is limited too. `onWait` sets Retry-After on the
 * answer (docs/decisions/033-ticket-upload-limits.md).
 */
const limitUploads = async (db: Db, auth: AuthContext, onWait: (seconds: number) => void) => {
  const wait = await waitForLimit(db, {
    key: `ticket-upload:${auth.user.id}`,
    max: TICKET_UPLOADS_PER_HOUR,
    windowMs: HOUR_MS,
  });
  if (!wait) return;
  onWait(wait);
  throw tooManyRequests(wait);
};

export const storeUpload = async (
  db: Db,
  auth: AuthContext,
  uploadName: string,
  body: unknown,
  onWait: (seconds: number) => void,
) => {
  await limitUploads(db, auth, onWait);
  if (!Buffer.isBuffer(body) || body.length === 0) throw badRequest('file', 'Choose a file to upload');
  if (body.length > TICKET_ATTACHMENT_MAX_BYTES) throw badRequest('file', 'A file may be at most 5 MB');
  const mime = sniffType(body);
  if (!mime) throw badRequest('file', 'Only images (PNG, JPEG, GIF, WebP) and PDF files can be attached');
  // The name saved with the file says what the bytes are: a PDF uploaded as "invoice.cmd" is "invoice.pdf".
  const name = nameForType(uploadName, mime);
  const row = await inTransaction(db, async (tx) => {
    // One upload of a user at a time, so two at once cannot both fit under the quota.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('ticket-upload'), hashtext(${auth.user.id}))`);
    const [held] = await tx
      .select({ bytes: sql<number>`coalesce(sum(${ticketAttachments.size}), 0)`.mapWith(Number) })
      .from(ticketAttachments)
      .where(and(eq(ticketAttachments.uploaderId, auth.user.id), isNull(ticketAttachments.messageId)));
    if (held.bytes + body.length > TICKET_UNSENT_MAX_BYTES)
      throw badRequest(
        'file',
        `Files not sent yet may take at most ${TICKET_UNSENT_MAX_BYTES / MB} MB: send them with a message or ` +
          'wait a day, when unsent files are removed',
      );
    const [inserted] = await tx
      .insert(ticketAttachments)
      .values({ uploaderId: auth.user.id, name, mime, size: body.length, content: body })
      .returning({ uuid: ticketAttachments.id });
    return inserted;
  });
  return { uuid: row.uuid, name, mime, size: body.length };
};

/**
 * Uploads never sent are removed a day after they came (docs/decisions/033-ticket-upload-limits.md); the bytes live in
 * the row, so the row is the file. Returns how many went.
 */
export const removeStaleUploads = async (db: Db) => {
  const gone = await db
    .delete(ticketAttachments)
    .where(and(isNull(ticketAttachments.messageId), sql`${ticketAttachments.createdAt} < now() - interval '1 day'`))
    .returning({ id: ticketAttachments.id });
  return gone.length;
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
