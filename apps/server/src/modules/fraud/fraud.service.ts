import { z } from 'zod';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  DEFAULT_FRAUD_SETTINGS,
  fraudOfferSettingsSchema,
  fraudSettingsSchema,
  type FraudOfferSettings,
  overlayFraudSettings,
  type FraudSettings,
  type FraudSettingsPatch,
  type FraudSettingsUpdate,
} from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';
import { settingsSection } from '../settings/index.ts';

/**
 * The network defaults, under the key `fraud` of the settings table. Stored values are laid over the defaults one
 * level down, so a signal or threshold added by a later release takes its default instead of failing the whole
 * section back to the defaults (which settingsSection does when the stored value no longer parses).
 */
const fraudSchema = z.preprocess(
  (v) => overlayFraudSettings(DEFAULT_FRAUD_SETTINGS, (v ?? {}) as FraudSettingsPatch),
  fraudSettingsSchema,
);
const fraudSection = settingsSection('fraud', fraudSchema, DEFAULT_FRAUD_SETTINGS);

export const getFraudSettings = (db: Db): Promise<FraudSettings> => fraudSection.get(db);

/**
 * An offer's own values (`offers.fraud_settings`) as every path reads them: checked when stored by the offer's API,
 * and anything unreadable now (an older shape) is the network's (null), never a cast taken on trust.
 */
export const offerFraudSettingsOf = (raw: unknown): FraudOfferSettings | null =>
  raw == null ? null : (fraudOfferSettingsSchema.safeParse(raw).data ?? null);

/**
 * The stored values with the given ones over them, checked whole (a minimum above the stored maximum is refused).
 * Read, overlay and write hold one lock, so two PUTs at once each keep what the other changed.
 */
export const updateFraudSettings = async (db: Db, patch: FraudSettingsUpdate, actorId: string, ip: string) => {
  await checkAllowedAffiliates(db, patch.allowed_affiliate_ids);
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await t.execute(sql`select pg_advisory_xact_lock(hashtext('settings:fraud'))`);
    const parsed = fraudSettingsSchema.safeParse(overlayFraudSettings(await fraudSection.get(t), patch));
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw badRequest(issue.path.join('.') || 'settings', issue.message);
    }
    return fraudSection.put(t, parsed.data, actorId, ip);
  });
};

/** Each allowed ID is an affiliate's who is not deleted: another ID would silently allow nobody. */
const checkAllowedAffiliates = async (db: Db, ids: string[] | undefined) => {
  if (!ids?.length) return;
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.role, 'affiliate'), ne(users.status, 'deleted')));
  const known = new Set(found.map((u) => u.id));
  const i = ids.findIndex((id) => !known.has(id));
  if (i >= 0) throw badRequest(`allowed_affiliate_ids.${i}`, 'No such affiliate');
};
