import { cleanText } from '@pxl/contract';
import type { Db } from './client.ts';
import { rejectedRows } from './schema.ts';

/**
 * SQLSTATE classes that say the database cannot take any row now, whatever the rows hold: connection (08),
 * rollback to retry (40), a table or column missing (42, an operator's doing), resources (53), locks (55),
 * shutdown or cancel (57), system (58), authorization and catalog (28, 3D). Everything else is blamed on the
 * rows and isolated: wrongly blaming a row sets one good row aside, wrongly blaming the database stops the writer.
 */
const AWAY = new Set(['08', '28', '3D', '40', '42', '53', '55', '57', '58']);
const CONNECTION_TEXT = /connect|terminated|not queryable|pool/i;

/** The error's SQLSTATE or Node error code, looking through Drizzle's wrapping. */
const codeOf = (err: unknown): { code?: string; syscall?: string; message: string } => {
  for (
    let e = err as { code?: unknown; syscall?: string; message?: string; cause?: unknown } | undefined;
    e && typeof e === 'object';
    e = e.cause as typeof e
  ) {
    if (typeof e.code === 'string') return { code: e.code, syscall: e.syscall, message: e.message ?? '' };
    if (!e.cause) return { message: e.message ?? String(err) };
  }
  return { message: String(err) };
};

/** True when the write failed because the database is unreachable or unusable, not because of a row. */
export const databaseAway = (err: unknown) => {
  const { code, syscall, message } = codeOf(err);
  if (code && /^[0-9A-Z]{5}$/.test(code)) return AWAY.has(code.slice(0, 2));
  if (code?.startsWith('E') && syscall) return true;
  return CONNECTION_TEXT.test(message);
};

export const reasonOf = (err: unknown) => {
  const { code, message } = codeOf(err);
  return cleanText(code ? `${code}: ${message}` : message, 1000);
};

/** Rows set aside since start, by writer (tests and logs read it). */
export const rejectedCounts: Record<string, number> = {};

const ROW_TEXT_MAX = 100_000;

/** Keeps a refused row with the reason. JSON escapes what PostgreSQL refused (`\u0000` is six plain characters). */
export const setAside = async (db: Db, writer: string, row: unknown, err: unknown) => {
  await db
    .insert(rejectedRows)
    .values({ writer, reason: reasonOf(err), row: cleanText(JSON.stringify(row), ROW_TEXT_MAX) });
  rejectedCounts[writer] = (rejectedCounts[writer] ?? 0) + 1;
};

export type Isolated<T> = { written: number; rejected: number; held: T[]; error?: unknown };

/**
 * Writes `rows` with `write`; when it fails because of its rows, halves the batch until each bad row stands
 * alone, writes the rest and hands each bad row to `reject`. A batch of n rows with one bad row costs about
 * 2·log2(n) more writes. When the database is away (or `reject` fails) it stops: `held` are the rows not yet
 * known to be written, for the caller to keep and try again later.
 */
export const isolateRows = async <T>(
  rows: T[],
  write: (part: T[]) => Promise<unknown>,
  reject: (row: T, err: unknown) => Promise<void>,
): Promise<Isolated<T>> => {
  const queue: T[][] = rows.length ? [rows] : [];
  let written = 0;
  let rejected = 0;
  while (queue.length) {
    const part = queue.shift()!;
    try {
      await write(part);
      written += part.length;
      continue;
    } catch (err) {
      if (databaseAway(err)) return { written, rejected, held: [part, ...queue].flat(), error: err };
      if (part.length > 1) {
        const mid = Math.ceil(part.length / 2);
        queue.unshift(part.slice(0, mid), part.slice(mid));
        continue;
      }
      try {
        await reject(part[0], err);
        rejected += 1;
      } catch (failed) {
        return { written, rejected, held: [part, ...queue].flat(), error: failed };
      }
    }
  }
  return { written, rejected, held: [] };
};
