import type { CapRow } from '../offers/offers.figures.ts';
import type { CachedOffer } from './click-cache.ts';
import type { ClickInput } from './decide.ts';

const applies = (cap: CapRow, input: ClickInput) =>
  (!cap.geo || cap.geo === input.country) &&
  (!cap.device || cap.device === input.device) &&
  (!cap.os || cap.os === input.os) &&
  (!cap.affiliateId || cap.affiliateId === input.affiliateId);

const keyOf = (offer: CachedOffer, cap: CapRow, now: number) => `${cap.id}|${offer.period(cap.period, now)}`;

/** The first cap this click falls under that is already full (any metric: a full conversion cap stops traffic too). */
export const fullCap = (offer: CachedOffer, input: ClickInput, o: { repeat?: boolean } = {}): string | null => {
  for (const cap of offer.caps) {
    if (!applies(cap, input) || (o.repeat && cap.metric === 'clicks')) continue;
    if ((offer.fills.get(keyOf(offer, cap, input.now)) ?? 0) >= cap.limit)
      return `${cap.limit}/${cap.period} ${cap.metric} reached`;
  }
  return null;
};

/**
 * Counts an accepted click against its click caps. The check and this count run in one synchronous step of the
 * event loop, so concurrent clicks in this process can never pass a cap; other processes add their clicks at reload.
 */
export const countClick = (offer: CachedOffer, input: ClickInput) => {
  for (const cap of offer.caps) {
    if (cap.metric !== 'clicks' || !applies(cap, input)) continue;
    const key = keyOf(offer, cap, input.now);
    offer.fills.set(key, (offer.fills.get(key) ?? 0) + 1);
  }
};
