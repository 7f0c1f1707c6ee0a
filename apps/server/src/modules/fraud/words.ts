import { FRAUD_SIGNAL_LABELS, type FraudSignalCode } from '@pxl/contract';
import type { StoredFraudReason } from '../../db/schema.ts';

/**
 * The reasons in words, "Label: detail; …", for what staff read: a refused lead's reason detail, a held or rejected
 * conversion's history entry. A code this build does not know shows as itself.
 */
export const reasonsInWords = (reasons: readonly StoredFraudReason[]) =>
  reasons.map((r) => `${FRAUD_SIGNAL_LABELS[r.code as FraudSignalCode] ?? r.code}: ${r.detail}`).join('; ');
