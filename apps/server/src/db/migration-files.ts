import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * One committed migration as drizzle-kit writes it: `meta/_journal.json` orders them, each `<tag>.sql` is split at
 * `--> statement-breakpoint`. The hash is drizzle's (sha256 of the whole file), so databases migrated by drizzle's own
 * migrator and by ours read the same table (docs/decisions/049-online-migrations.md).
 */
export type MigrationFile = {
  tag: string;
  when: number;
  hash: string;
  statements: string[];
  /** `-- pxl:no-transaction` in its leading comments: each statement (each batch) commits on its own. */
  online: boolean;
};

export const ONLINE_HEADER = '-- pxl:no-transaction';
/** A statement repeated with its cursor ($1) until it returns no `next`; each run commits with its cursor. */
export const BATCH_MARK = '-- pxl:batch';

const leadingComments = (text: string) => {
  const lines: string[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim().startsWith('--')) break;
    lines.push(line.trim());
  }
  return lines;
};

export const isOnline = (text: string) => leadingComments(text).includes(ONLINE_HEADER);
export const isBatch = (statement: string) => statement.includes(BATCH_MARK);

export const readMigrations = (folder: string): MigrationFile[] => {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries.map(({ tag, when }) => {
    const text = readFileSync(path.join(folder, `${tag}.sql`), 'utf8');
    return {
      tag,
      when,
      hash: createHash('sha256').update(text).digest('hex'),
      statements: text.split('--> statement-breakpoint').filter((s) => s.trim() !== ''),
      online: isOnline(text),
    };
  });
};
