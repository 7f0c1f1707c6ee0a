export type TrackingLinkParts = {
  /** `https://trk.example.com` or the panel's own origin. */
  origin: string;
  offerId: number;
  affiliateId: string;
  landingId?: number | null;
  prelandingId?: number | null;
  subs?: Partial<Record<'sub1' | 'sub2' | 'sub3' | 'sub4' | 'sub5', string | undefined>>;
};

/** The click URL of docs/product/tracking.md: `{origin}/click/{offerId}?aff=&landing=&prelanding=&sub1..sub5=`. */
export const buildTrackingLink = ({
  origin,
  offerId,
  affiliateId,
  landingId,
  prelandingId,
  subs = {},
}: TrackingLinkParts): string => {
  const params = new URLSearchParams({ aff: affiliateId });
  if (landingId) params.set('landing', String(landingId));
  if (prelandingId) params.set('prelanding', String(prelandingId));
  for (const key of ['sub1', 'sub2', 'sub3', 'sub4', 'sub5'] as const) {
    const value = subs[key];
    if (value) params.set(key, value);
  }
  return `${origin.replace(/\/+$/, '')}/click/${offerId}?${params.toString()}`;
};
