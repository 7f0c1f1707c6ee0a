import { z } from 'zod';
import {
  DEFAULT_FRAUD_SETTINGS,
  fraudSettingsSchema,
  type FraudSettings,
  type FraudSettingsUpdate,
} from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { settingsSection } from '../settings/index.ts';

type Stored = {
  weights?: Partial<FraudSettings['weights']>;
  thresholds?: Partial<FraudSettings['thresholds']>;
  actions?: Partial<FraudSettings['actions']>;
  allowed_affiliate_ids?: string[];
  affiliates_see_reasons?: boolean;
};
const given = <T extends object>(o: T | undefined) =>
  Object.fromEntries(Object.entries(o ?? {}).filter(([, v]) => v !== undefined)) as Partial<T>;

/** `patch` over `base`, one level down too: a weight, threshold or action left out keeps the value of `base`. */
const overlay = (base: FraudSettings, patch: Stored): FraudSettings => ({
  ...base,
  ...given(patch),
  weights: { ...base.weights, ...given(patch.weights) },
  thresholds: { ...base.thresholds, ...given(patch.thresholds) },
  actions: { ...base.actions, ...given(patch.actions) },
});

/**
 * The network defaults, under the key `fraud` of the settings table. Stored values are laid over the defaults one
 * level down, so a signal or threshold added by a later release takes its default instead of failing the whole
 * section back to the defaults (which settingsSection does when the stored value no longer parses).
 */
const fraudSchema = z.preprocess((v) => overlay(DEFAULT_FRAUD_SETTINGS, (v ?? {}) as Stored), fraudSettingsSchema);
const fraudSection = settingsSection('fraud', fraudSchema, DEFAULT_FRAUD_SETTINGS);

export const getFraudSettings = (db: Db): Promise<FraudSettings> => fraudSection.get(db);

let lastStored: { text: string | null; value: FraudSettings } | undefined;
/**
 * The network defaults from the stored section's text (`settings.value::text`, null when never saved), read as
 * getFraudSettings reads them: for a hot statement that selects the section itself instead of a round trip of its
 * own. The last text is remembered, so the usual call (the same text as before) parses nothing.
 */
export const fraudSettingsOf = (text: string | null): FraudSettings => {
  if (lastStored?.text === text) return lastStored.value;
  const stored = text === null ? {} : (JSON.parse(text) as object);
  const parsed = fraudSchema.safeParse({ ...DEFAULT_FRAUD_SETTINGS, ...stored });
  lastStored = { text, value: parsed.success ? parsed.data : DEFAULT_FRAUD_SETTINGS };
  return lastStored.value;
};

/** The stored values with the given ones over them, checked whole (a minimum above the stored maximum is refused). */
export const updateFraudSettings = async (db: Db, patch: FraudSettingsUpdate, actorId: string, ip: string) => {
  const parsed = fraudSettingsSchema.safeParse(overlay(await fraudSection.get(db), patch));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw badRequest(issue.path.join('.') || 'settings', issue.message);
  }
  return fraudSection.put(db, parsed.data, actorId, ip);
};
