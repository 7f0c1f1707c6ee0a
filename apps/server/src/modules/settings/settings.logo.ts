import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { LOGO_MAX_BYTES } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { siteLogo } from '../../db/schema.ts';
import { writeAudit } from '../../lib/audit.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { sniffType } from '../../lib/file-type.ts';

/** Raster images only: an SVG is a document that may carry script, and the logo is served to every visitor. */
const LOGO_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);

export const storeLogo = async (db: Db, body: unknown, actorId: string, ip: string) => {
  if (!Buffer.isBuffer(body) || body.length === 0) throw badRequest('file', 'Choose an image to upload');
  if (body.length > LOGO_MAX_BYTES) throw badRequest('file', 'The logo may be at most 512 KB');
  const mime = sniffType(body);
  if (!mime || !LOGO_TYPES.has(mime)) throw badRequest('file', 'The logo must be a PNG, JPEG or WebP image');
  const etag = createHash('sha256').update(body).digest('base64url').slice(0, 22);
  const row = { id: 1, mime, size: body.length, content: body, etag, updatedAt: new Date() };
  await db.insert(siteLogo).values(row).onConflictDoUpdate({ target: siteLogo.id, set: row });
  await writeAudit(db, {
    action: 'settings_change',
    actorId,
    ip,
    details: { section: 'logo', mime, size: body.length },
  });
  return { mime, size: body.length, etag };
};

export const removeLogo = async (db: Db, actorId: string, ip: string) => {
  const gone = await db.delete(siteLogo).returning({ id: siteLogo.id });
  if (gone.length) await writeAudit(db, { action: 'settings_change', actorId, ip, details: { section: 'logo' } });
  return { removed: gone.length > 0 };
};

export const findLogoVersion = async (db: Db) => {
  const [row] = await db.select({ etag: siteLogo.etag }).from(siteLogo).where(eq(siteLogo.id, 1));
  return row?.etag ?? null;
};

export const loadLogo = async (db: Db) => {
  const [row] = await db.select().from(siteLogo).where(eq(siteLogo.id, 1));
  if (!row) throw notFound('Logo');
  return row;
};
