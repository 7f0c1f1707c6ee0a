import type { ConversionStatusValue, FraudReason, FraudSettings } from '@pxl/contract';
import type { StoredFraudReason } from '../../db/schema.ts';
import { conversionAction, ctitReason, reasonsInWords, verdictOf } from '../fraud/index.ts';

// A conversion's fraud verdict and the action it calls for (docs/product/fraud.md, "Conversions";
// docs/decisions/055-conversion-fraud-actions.md). Its own signal is the click-to-conversion time; the reasons of
// its click and its lead are merged in. Only a new conversion is acted on.

export type FraudActed = 'hold' | 'reject';
export type ConversionVerdict = {
  fraudScore: number;
  fraudReasons: FraudReason[];
  /** The action taken, null when none (flagging changes nothing on the conversion). */
  fraudAction: FraudActed | null;
};
// Stored codes are written by the scorer only (docs/decisions/052-fraud-verdicts-and-settings.md).
type Inherited = ReadonlyArray<readonly StoredFraudReason[] | null | undefined>;

/** The status a fraud action gives a new conversion, whatever the advertiser or buyer sent. */
export const FRAUD_STATUS: Record<FraudActed, ConversionStatusValue> = { hold: 'hold', reject: 'rejected' };

export const scoreConversion = (
  s: FraudSettings,
  at: { clickAt: Date | null; convertedAt: Date; goal: string },
  affiliateId: string,
  inherited: Inherited,
): ConversionVerdict => {
  const ctit = ctitReason(at, s.thresholds, s.weights);
  const { fraud_score, fraud_reasons } = verdictOf(
    ctit && [ctit],
    ...(inherited as ReadonlyArray<FraudReason[] | null>),
  );
  const action = conversionAction(s, fraud_score, affiliateId);
  return {
    fraudScore: fraud_score,
    fraudReasons: fraud_reasons,
    fraudAction: action === 'hold' || action === 'reject' ? action : null,
  };
};

/** The history entry and the audit details of the automatic action on a new conversion; null when none was taken. */
export const fraudEntry = (
  c: { id: string; fraudAction: string | null; fraudScore: number | null; fraudReasons: StoredFraudReason[] | null },
  /** How it arrived, in words ("sent as approved", "FTD reported by the buyer"). */
  arrived: string,
) => {
  if (!c.fraudAction) return null;
  const reasons = c.fraudReasons ?? [];
  return {
    reason:
      `${c.fraudAction === 'hold' ? 'Held' : 'Rejected'} for traffic quality (score ${c.fraudScore}; ${arrived}). ` +
      reasonsInWords(reasons),
    audit: { on: 'conversion', uuid: c.id, action: c.fraudAction, score: c.fraudScore, reasons },
  };
};
export type FraudEntry = NonNullable<ReturnType<typeof fraudEntry>>;
