import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema.ts';
import { writeAudit } from '../../lib/audit.ts';

/** One settings section stored as JSON under its key; stored values are re-validated and defaults fill missing fields. */
export const settingsSection = <S extends z.ZodType<Record<string, unknown>>>(
  key: string,
  schema: S,
  defaults: z.output<S>,
) => {
  const get = async (db: Db): Promise<z.output<S>> => {
    const [row] = await db.select().from(settings).where(eq(settings.key, key)).limit(1);
    const parsed = schema.safeParse({ ...defaults, ...(row?.value as object | undefined) });
    return parsed.success ? parsed.data : defaults;
  };
  /** A field left out of `patch` keeps its stored value (contract's updateBodyOf): never a silent reset to a default. */
  const put = async (db: Db, patch: Partial<z.output<S>>, actorId: string, ip: string) => {
    const before = await get(db);
    const given = Object.entries(patch).filter(([, v]) => v !== undefined);
    const value: z.output<S> = { ...before, ...Object.fromEntries(given) };
    await db
      .insert(settings)
      .values({ key, value })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
    const changed = Object.fromEntries(
      Object.keys(value)
        .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(value[k]))
        .map((k) => [k, { from: before[k], to: value[k] }]),
    );
    await writeAudit(db, { action: 'settings_change', actorId, ip, details: { section: key, changed } });
    return value;
  };
  return { get, put };
};
