import { and, eq, inArray } from 'drizzle-orm';
import type { FraudOfferSettings } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import {
  automationBlocks,
  landings,
  offerCaps,
  offerLandings,
  offerTrustedAffiliates,
  offers,
  users,
} from '../../db/schema.ts';
import type { CapRow } from '../offers/index.ts';
import { offerFraudSettingsOf } from '../fraud/index.ts';

export type ClickLanding = { id: string; number: number; type: string; status: string; privacy: string; url: string };
export type ClickOffer = {
  id: string;
  number: number;
  type: string;
  status: string;
  privacy: string;
  currency: string;
  geos: string[];
  devices: string[];
  oss: string[];
  startsAt: number | null;
  stopsAt: number | null;
  trackingUrl: string | null;
  trafficbackUrl: string | null;
  landings: Map<number, ClickLanding>;
  trusted: Set<string>;
  /** Affiliates an automation rule paused on this offer (docs/product/automation.md): read with the offer, not per click. */
  paused: Set<string>;
  caps: CapRow[];
  /** The offer's own fraud values over the network's; null: the network's. */
  fraudSettings: FraudOfferSettings | null;
};
export type ClickAffiliate = { id: string; status: string };

/**
 * The affiliates paused on an offer by automation rules. automation_blocks notifies pxl_cache (migration 0045), so the
 * click and lead caches that hold this set drop it when a pause is made or lifted.
 */
export const pausedOn = async (db: Db, offerId: string) =>
  new Set(
    (
      await db
        .select({ id: automationBlocks.affiliateId })
        .from(automationBlocks)
        .where(and(eq(automationBlocks.offerId, offerId), eq(automationBlocks.kind, 'pause')))
    ).map((r) => r.id!),
  );

/** Everything a click decision needs about one offer, in a few indexed reads; cached by the caller. */
export const loadClickOffer = async (db: Db, number: number): Promise<ClickOffer | null> => {
  const [o] = await db.select().from(offers).where(eq(offers.number, number)).limit(1);
  if (!o) return null;
  const [attached, trusted, caps, paused] = await Promise.all([
    db
      .select({ l: landings })
      .from(offerLandings)
      .innerJoin(landings, eq(landings.id, offerLandings.landingId))
      .where(eq(offerLandings.offerId, o.id)),
    db
      .select({ id: offerTrustedAffiliates.affiliateId })
      .from(offerTrustedAffiliates)
      .where(eq(offerTrustedAffiliates.offerId, o.id)),
    db.select().from(offerCaps).where(eq(offerCaps.offerId, o.id)),
    pausedOn(db, o.id),
  ]);
  return {
    id: o.id,
    number: o.number,
    type: o.type,
    status: o.status,
    privacy: o.privacy,
    currency: o.currency,
    geos: o.geos,
    devices: o.devices,
    oss: o.oss,
    startsAt: o.startsAt?.getTime() ?? null,
    stopsAt: o.stopsAt?.getTime() ?? null,
    trackingUrl: o.trackingUrl,
    trafficbackUrl: o.trafficbackUrl,
    landings: new Map(
      attached.map(({ l }) => [
        l.number,
        { id: l.id, number: l.number, type: l.type, status: l.status, privacy: l.privacy, url: l.url },
      ]),
    ),
    trusted: new Set(trusted.map((t) => t.id)),
    paused,
    caps: caps as CapRow[],
    fraudSettings: offerFraudSettingsOf(o.fraudSettings),
  };
};

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const loadClickAffiliate = async (db: Db, id: string): Promise<ClickAffiliate | null> => {
  if (!UUID_RE.test(id)) return null;
  const [a] = await db
    .select({ id: users.id, status: users.status })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'affiliate')))
    .limit(1);
  return a ?? null;
};

export const loadAffiliates = async (db: Db, ids: string[]) =>
  ids.length
    ? db
        .select({ id: users.id, status: users.status })
        .from(users)
        .where(and(inArray(users.id, ids), eq(users.role, 'affiliate')))
    : [];
