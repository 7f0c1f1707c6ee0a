import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { PUBLIC_DOCUMENTS, documentsSchema, type Documents, type PublicDocumentName } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema.ts';
import { inTransaction, writeAudit } from '../../lib/audit.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { renderMarkdown } from '../../lib/markdown.ts';
import { settingsSection } from '../settings/index.ts';
import { DEFAULT_DOCUMENTS, DEFAULT_DOCUMENTS_DAY } from './documents.defaults.ts';

const KEY = 'documents';
/** Beside the texts, when each last changed: the page's "Last updated". */
const storedSchema = documentsSchema.extend({ updated_at: z.record(z.string(), z.string()).default({}) });
const stored = settingsSection(KEY, storedSchema, { ...DEFAULT_DOCUMENTS, updated_at: {} });

const textsOf = (value: Documents): Documents => ({
  user_agreement: value.user_agreement,
  user_privacy_policy: value.user_privacy_policy,
  user_terms_and_conditions: value.user_terms_and_conditions,
});

export const readDocuments = async (db: Db) => textsOf(await stored.get(db));

/**
 * Only a changed text gets a new date. The audit row names the documents changed and their lengths: the texts are
 * long and already kept in the settings, so the log stays readable.
 */
export const saveDocuments = async (db: Db, auth: AuthContext, body: Documents, ip: string) => {
  const before = await stored.get(db);
  const now = new Date().toISOString();
  const changed = PUBLIC_DOCUMENTS.filter((d) => before[d.key] !== body[d.key]);
  if (!changed.length) return textsOf(before);
  const updated_at = { ...before.updated_at, ...Object.fromEntries(changed.map((d) => [d.key, now])) };
  const value = { ...textsOf(body), updated_at };
  await inTransaction(db, async (tx) => {
    await tx
      .insert(settings)
      .values({ key: KEY, value })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
    await writeAudit(tx, {
      action: 'settings_change',
      actorId: auth.user.id,
      ip,
      details: {
        section: KEY,
        changed: Object.fromEntries(
          changed.map((d) => [d.key, { from_length: before[d.key].length, to_length: body[d.key].length }]),
        ),
      },
    });
  });
  return textsOf(body);
};

/** The page a visitor reads, rendered through the same sanitiser as the news (lib/markdown.ts). */
export const readPublicDocument = async (db: Db, name: PublicDocumentName) => {
  const doc = PUBLIC_DOCUMENTS.find((d) => d.name === name)!;
  const value = await stored.get(db);
  return {
    name,
    title: doc.title,
    html: renderMarkdown(value[doc.key]),
    updated_at: value.updated_at[doc.key] ?? DEFAULT_DOCUMENTS_DAY,
  };
};
