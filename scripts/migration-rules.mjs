// The rules of a migration that does not stop traffic (docs/decisions/049-online-migrations.md), checked on every
// migration after the last one written before them; the earlier ones are applied everywhere and keep their hashes.
// Run by scripts/lint.mjs; apps/server/src/db/migration-rules.test.ts holds an example of each refusal.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Migrations up to this journal index were applied before the rules; they stay as they are. */
export const LAST_UNCHECKED = 33;

/** Tables the click redirect, the inbound postback and the lead API write or lock; their partitions too. */
export const HOT_TABLES = [
  'clicks',
  'click_uniques',
  'click_cap_counters',
  'conversions',
  'conversion_history',
  'inbound_postbacks',
  'outbound_postbacks',
  'outbound_attempts',
  'rollup_deltas',
  'leads',
  'lead_attempts',
  'lead_attempt_bodies',
  'lead_status_history',
  'lead_idempotency',
  'product_cap_counters',
  'api_keys',
];

const bare = (name) => name.replace(/"/g, '').replace(/^public\./, '');
const hotTable = (name) => {
  const n = bare(name);
  return HOT_TABLES.find((t) => n === t || n === `${t}_default` || new RegExp(`^${t}_p\\d{8}$`).test(n));
};

const withoutComments = (s) =>
  s
    .replace(/--[^\n]*/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const TABLE = String.raw`((?:"?\w+"?\.)?"?\w+"?)`;
const VOLATILE =
  /\b(random|gen_random_uuid|uuid_generate_v\d|clock_timestamp|timeofday|nextval|statement_timestamp)\s*\(/i;

const isOnline = (text) => {
  for (const line of text.split('\n')) {
    if (!line.trim().startsWith('--')) return false;
    if (line.trim() === '-- pxl:no-transaction') return true;
  }
  return false;
};

/** Why each statement of one migration's text would block the hot paths; empty when it would not. */
export const checkMigration = (text) => {
  const online = isOnline(text);
  const problems = [];
  const strongLocks = new Set();
  // A table made by this migration has no traffic yet.
  const made = new Set(
    [...withoutComments(text).matchAll(/\bcreate table (?:if not exists )?((?:"?\w+"?\.)?"?\w+"?)/gi)].map((m) =>
      bare(m[1]),
    ),
  );
  const hotName = (name) => {
    return made.has(bare(name)) ? undefined : hotTable(name);
  };
  text.split('--> statement-breakpoint').forEach((raw, i) => {
    const allowed = /-- pxl:allow\b/.test(raw);
    const batch = /-- pxl:batch\b/.test(raw);
    const s = withoutComments(raw);
    const refuse = (why) => !allowed && problems.push(`statement ${i + 1}: ${why}`);
    let m;
    if (
      (m = new RegExp(
        String.raw`^create (unique )?index (concurrently )?(if not exists )?"?\w*"? ?on (only )?${TABLE}`,
        'i',
      ).exec(s))
    ) {
      const hot = hotName(m[5]);
      if (hot && !m[2] && !m[4])
        refuse(`CREATE INDEX on ${hot} without CONCURRENTLY blocks its writers while it builds`);
      if (m[2] && !online) refuse('CREATE INDEX CONCURRENTLY needs the `-- pxl:no-transaction` header');
      if (m[2] && !m[3]) refuse('CREATE INDEX CONCURRENTLY needs IF NOT EXISTS, so a restarted migration goes on');
    }
    if ((m = new RegExp(String.raw`^alter table (?:if exists )?(?:only )?${TABLE} (.*)$`, 'i').exec(s))) {
      const hot = hotName(m[1]);
      const rest = m[2];
      if (hot) {
        strongLocks.add(hot);
        if (/\balter column "?\w+"? (set data )?type\b/i.test(rest))
          refuse(`changing a column's type rewrites ${hot} under an exclusive lock; add a new column and backfill it`);
        if (/\badd column\b/i.test(rest) && (VOLATILE.test(rest) || /\b(big|small)?serial\b|\bstored\b/i.test(rest)))
          refuse(`a column with a volatile default rewrites ${hot}; add it without, then backfill in batches`);
        if (/\bset not null\b/i.test(rest))
          refuse(
            `SET NOT NULL scans ${hot} under an exclusive lock; add a CHECK (… IS NOT NULL) NOT VALID and VALIDATE it first`,
          );
        if (/\badd (constraint "?\w+"? )?(foreign key|check)\b/i.test(rest) && !/\bnot valid\b/i.test(rest))
          refuse(`a constraint checked at once scans ${hot} under lock; add it NOT VALID, then VALIDATE CONSTRAINT`);
        if (/\badd (constraint "?\w+"? )?(primary key|unique)\b/i.test(rest) && !/\busing index\b/i.test(rest))
          refuse(`a key builds its index on ${hot} under lock; build it CONCURRENTLY and add the key USING INDEX`);
      }
    }
    if (/^(with|update|delete)\b/i.test(s) && !batch)
      for (const w of s.matchAll(new RegExp(String.raw`\b(update|delete from) (?:only )?${TABLE}`, 'gi')))
        if (hotName(w[2]))
          refuse(
            `an unbatched ${w[1].toUpperCase()} of ${hotName(w[2])} holds its rows for the whole statement; use -- pxl:batch`,
          );
    if (batch && !online) refuse('-- pxl:batch needs the `-- pxl:no-transaction` header');
    if (batch && !/\$1\b/.test(s))
      refuse('a -- pxl:batch statement takes its cursor as $1 and returns the next one as `next`');
    if (
      (m = new RegExp(
        String.raw`^(lock table|vacuum full|cluster|reindex (?:table|index)(?! concurrently)) (?:only )?${TABLE}`,
        'i',
      ).exec(s)) &&
      hotName(m[2])
    )
      refuse(`${m[1].toUpperCase()} holds ${hotName(m[2])} exclusively`);
  });
  if (!online && strongLocks.size > 1)
    problems.push(
      `one transaction alters ${[...strongLocks].join(', ')}: the first lock is held while the next is waited for; one hot table per transactional migration`,
    );
  return problems;
};

/** Problems of every checked migration in `folder`, as `<file>: <why>` lines. */
export const checkMigrationsFolder = (folder) => {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8'));
  return journal.entries
    .filter((e) => e.idx > LAST_UNCHECKED)
    .flatMap((e) =>
      checkMigration(readFileSync(path.join(folder, `${e.tag}.sql`), 'utf8')).map((p) => `${e.tag}.sql: ${p}`),
    );
};
