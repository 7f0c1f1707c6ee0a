import type { CapRow } from '../offers/index.ts';
import type { CapAt, CapSlices } from './cap-slices.ts';
import type { CachedOffer } from './click-cache.ts';
import type { ClickInput } from './decide.ts';

const applies = (cap: CapRow, input: ClickInput) =>
  (!cap.geo || cap.geo === input.country) &&
  (!cap.device || cap.device === input.device) &&
  (!cap.os || cap.os === input.os) &&
  (!cap.affiliateId || cap.affiliateId === input.affiliateId);

const keyOf = (offer: CachedOffer, cap: CapRow, now: number) => `${cap.id}|${offer.period(cap.period, now)}`;

/** The click caps this click falls under, each with its counter's key for the current period. */
export const clickCapsOf = (offer: CachedOffer, input: ClickInput, timeZone: string): CapAt[] =>
  offer.caps
    .filter((cap) => cap.metric === 'clicks' && applies(cap, input))
    .map((cap) => ({ cap, key: keyOf(offer, cap, input.now), timeZone }));

/**
 * The first cap this click falls under that is already full (any metric: a full conversion cap stops traffic too).
 * Click caps read this process's slice (cap-slices.ts), so the caller must have waited for `slices.need` first.
 */
export const fullCap = (
  offer: CachedOffer,
  input: ClickInput,
  slices: CapSlices,
  o: { repeat?: boolean } = {},
): string | null => {
  for (const cap of offer.caps) {
    if (!applies(cap, input) || (o.repeat && cap.metric === 'clicks')) continue;
    const key = keyOf(offer, cap, input.now);
    const full = cap.metric === 'clicks' ? slices.left(key) <= 0 : (offer.fills.get(key) ?? 0) >= cap.limit;
    if (full) return `${cap.limit}/${cap.period} ${cap.metric} reached`;
  }
  return null;
};

/**
 * Counts an accepted click against its click caps. The caller runs the check and this count in one synchronous
 * step of the event loop, so concurrent clicks in this process can never pass a cap; the slices keep the processes
 * from passing it together.
 */
export const countClick = (clickCaps: CapAt[], slices: CapSlices) => {
  for (const at of clickCaps) slices.take(at);
};
