import type { ConversionLogRow, FraudSignalCode } from '@pxl/contract';
import type { StoredFraudReason } from '../../db/schema.ts';

/**
 * What a log row says of a fraud action (docs/product/fraud.md, "What affiliates see"): held or rejected for
 * traffic quality while the mark stands, and, when `withReasons` (affiliates, with the network's setting on), what
 * was seen: never a weight or the score (docs/decisions/052-fraud-verdicts-and-settings.md).
 */
export const qualityFields = (
  c: { fraudAction: string | null; fraudReasons: StoredFraudReason[] | null },
  withReasons: boolean,
): Pick<ConversionLogRow, 'quality' | 'quality_reasons'> => {
  const quality = c.fraudAction === 'hold' ? 'held' : c.fraudAction === 'reject' ? 'rejected' : null;
  if (!quality || !withReasons) return { quality };
  const reasons = (c.fraudReasons ?? []).map((r) => ({ code: r.code as FraudSignalCode, detail: r.detail }));
  return { quality, quality_reasons: reasons };
};
