import { eq, sql } from 'drizzle-orm';
import { DEFAULT_GENERAL_SETTINGS, generalSettingsSchema, type GeneralSettings } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema.ts';
import { writeAudit } from '../../lib/audit.ts';

const GENERAL = 'general';

export const getGeneralSettings = async (db: Db): Promise<GeneralSettings> => {
  const [row] = await db.select().from(settings).where(eq(settings.key, GENERAL)).limit(1);
  // Stored values are re-validated: a default fills any field an older version did not have.
  const parsed = generalSettingsSchema.safeParse({ ...DEFAULT_GENERAL_SETTINGS, ...(row?.value as object | undefined) });
  return parsed.success ? parsed.data : DEFAULT_GENERAL_SETTINGS;
};

export const putGeneralSettings = async (db: Db, value: GeneralSettings, actorId: string, ip: string) => {
  const before = await getGeneralSettings(db);
  await db.insert(settings).values({ key: GENERAL, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
  const changed = Object.fromEntries(
    (Object.keys(value) as (keyof GeneralSettings)[]).filter((k) => before[k] !== value[k]).map((k) => [k, { from: before[k], to: value[k] }]),
  );
  await writeAudit(db, { action: 'settings_change', actorId, ip, details: { section: GENERAL, changed } });
  return value;
};
