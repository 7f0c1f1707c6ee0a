import type { Currency } from '@pxl/contract/constants/constants.data';
import type { OfferDetail, OfferPrivacy, OfferType } from '@pxl/contract/offers/offers.schemas';
import { isoToZonedInput, zonedInputToIso } from '@/lib/format/dates.ts';

export type PrimaryValues = {
  title: string;
  vertical: string | null;
  privacy: OfferPrivacy;
  advertiser_uuid: string | null;
  currency: Currency;
  description: string;
  traffic_sources: string[];
  image_url: string;
  geos: string[];
  /** "YYYY-MM-DDTHH:mm" in the network time zone. */
  starts_at: string;
  stops_at: string;
  notes: string;
  tracking_url: string;
  preview_url: string;
  trafficback_url: string;
};

export const primaryToValues = (o: OfferDetail | undefined, timeZone: string): PrimaryValues => ({
  title: o?.title ?? '',
  vertical: o?.vertical ?? null,
  privacy: o?.privacy ?? 'public',
  advertiser_uuid: o?.advertiser?.uuid ?? null,
  currency: o?.currency ?? 'USD',
  description: o?.description ?? '',
  traffic_sources: [...(o?.traffic_sources ?? [])],
  image_url: o?.image_url ?? '',
  geos: [...(o?.geos ?? [])],
  starts_at: isoToZonedInput(o?.starts_at, timeZone),
  stops_at: isoToZonedInput(o?.stops_at, timeZone),
  notes: o?.notes ?? '',
  tracking_url: o?.tracking_url ?? '',
  preview_url: o?.preview_url ?? '',
  trafficback_url: o?.trafficback_url ?? '',
});

/** The request body; API offers have no advertiser or URLs of their own (their products carry them). */
export function primaryBody(v: PrimaryValues, type: OfferType, timeZone: string): Record<string, unknown> {
  const direct = type === 'direct_link';
  return {
    title: v.title,
    vertical: v.vertical ?? '',
    privacy: v.privacy,
    advertiser_uuid: direct ? v.advertiser_uuid : null,
    currency: v.currency,
    description: v.description,
    traffic_sources: v.traffic_sources,
    image_url: v.image_url.trim(),
    geos: v.geos,
    starts_at: zonedInputToIso(v.starts_at, timeZone),
    stops_at: zonedInputToIso(v.stops_at, timeZone),
    notes: v.notes,
    tracking_url: direct ? v.tracking_url.trim() : '',
    preview_url: direct ? v.preview_url.trim() : '',
    trafficback_url: direct ? v.trafficback_url.trim() : '',
  };
}
