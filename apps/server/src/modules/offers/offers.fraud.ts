import {
  ADMIN_ROLES,
  fraudOfferSettingsSchema,
  fraudSettingsSchema,
  resolveFraudSettings,
  type FraudOfferSettings,
} from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { getFraudSettings } from '../fraud/index.ts';

const GROUPS = ['weights', 'thresholds', 'actions'] as const;

/** Only the values the offer sets: a group with none is left out, and an offer with none stores null (the network's). */
const ownValues = (v: FraudOfferSettings | null | undefined): FraudOfferSettings | null => {
  const out: FraudOfferSettings = {};
  for (const g of GROUPS) {
    const set = Object.entries(v?.[g] ?? {}).filter(([, x]) => x !== undefined);
    if (set.length) (out as Record<string, object>)[g] = Object.fromEntries(set);
  }
  return Object.keys(out).length ? out : null;
};

/**
 * Only admin and head set an offer's own fraud values, as only they change the network's (docs/product/fraud.md):
 * a manager could otherwise switch the checks off on an offer. The rest of a create or edit stays theirs.
 */
export const assertMayChangeFraud = (auth: AuthContext) => {
  if (!(ADMIN_ROLES as readonly string[]).includes(auth.user.role))
    throw new AppError(403, { fraud_settings: 'Only an admin or a head may change traffic quality' });
};

/**
 * An offer's own fraud values, checked with the network's around them: a minimum click-to-conversion time at or above
 * the network's maximum is refused like one above the offer's own (docs/product/fraud.md). Errors name the field
 * under `fraud_settings.`.
 */
export const checkOfferFraudSettings = async (db: Db, v: FraudOfferSettings | null | undefined) => {
  const own = ownValues(v);
  if (!own) return null;
  const parsed = fraudSettingsSchema.safeParse(resolveFraudSettings(await getFraudSettings(db), own));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw badRequest(['fraud_settings', ...issue.path].join('.'), issue.message);
  }
  return own;
};

/** The stored values as the detail shows them; a value a later release no longer reads counts as the network's. */
export const storedFraudSettings = (stored: unknown): FraudOfferSettings | null =>
  stored ? ownValues(fraudOfferSettingsSchema.safeParse(stored).data) : null;
