import { and, asc, eq, ne } from 'drizzle-orm';
import type { FraudSettings } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import {
  automationBlocks,
  offerCaps,
  offerProducts,
  offerTrustedAffiliates,
  offers,
  products,
} from '../../db/schema.ts';
import { ReloadCache, type ChangeSource } from '../../lib/reload-cache.ts';
import { templateOf } from '../advertisers/index.ts';
import { getFraudSettings } from '../fraud/index.ts';
import { credentialsOf, type ProductContext, type PushSlots } from '../integrations/index.ts';
import type { CapRow } from '../offers/index.ts';
import { generalSettings } from '../settings/index.ts';
import type { Candidate, OfferProductRow, ProductRow } from './candidates.ts';
import { turnsFor, type LeadTurns } from './lead-turns.ts';

export type Offer = typeof offers.$inferSelect;
/**
 * An offer as the lead gate and intake read it: the row, who is trusted on it, who an automation rule paused on it
 * (docs/product/automation.md), and its lead caps.
 */
export type LeadOffer = { offer: Offer; trusted: Set<string>; paused: Set<string>; leadCaps: CapRow[] };

/** Backstop for a lost notification: every table read here notifies on change (migrations 0005, 0011, 0045). */
const TTL_MS = 10_000;

const loadOffer = async (deps: AppDeps, number: number): Promise<LeadOffer | null> => {
  const [offer] = await deps.db
    .select()
    .from(offers)
    .where(and(eq(offers.number, number), ne(offers.status, 'deleted')))
    .limit(1);
  if (!offer) return null;
  const [trusted, caps, paused] = await Promise.all([
    deps.db
      .select({ id: offerTrustedAffiliates.affiliateId })
      .from(offerTrustedAffiliates)
      .where(eq(offerTrustedAffiliates.offerId, offer.id)),
    deps.db
      .select()
      .from(offerCaps)
      .where(and(eq(offerCaps.offerId, offer.id), eq(offerCaps.metric, 'leads'))),
    deps.db
      .select({ id: automationBlocks.affiliateId })
      .from(automationBlocks)
      .where(and(eq(automationBlocks.offerId, offer.id), eq(automationBlocks.kind, 'pause'))),
  ]);
  return {
    offer,
    trusted: new Set(trusted.map((t) => t.id)),
    paused: new Set(paused.map((p) => p.id!)),
    leadCaps: caps as CapRow[],
  };
};

/** The template is parsed and the credentials decrypted once, on the first send; {panel_url} is read at each. */
const candidateOf = (deps: AppDeps, slots: PushSlots, link: OfferProductRow, product: ProductRow): Candidate => {
  let base: Omit<ProductContext, 'panelUrl'> | undefined;
  return {
    link,
    product,
    context: () => {
      base ??= {
        product,
        template: templateOf(product),
        credentials: credentialsOf(deps, product),
        allowPrivate: deps.config.ALLOW_PRIVATE_POSTBACK_TARGETS,
        slots,
      };
      return { ...base, panelUrl: deps.selfUrl() };
    },
  };
};

/** All products linked to the offer, deleted ones left out, in priority order; which may take a lead is decided per lead. */
const loadLinks = async (deps: AppDeps, slots: PushSlots, offerId: string): Promise<Candidate[]> => {
  const rows = await deps.db
    .select({ link: offerProducts, product: products })
    .from(offerProducts)
    .innerJoin(products, eq(products.id, offerProducts.productId))
    .where(eq(offerProducts.offerId, offerId))
    .orderBy(asc(offerProducts.priority), asc(offerProducts.position));
  return rows.filter((r) => r.product.status !== 'deleted').map((r) => candidateOf(deps, slots, r.link, r.product));
};

/**
 * What every lead reads and staff rarely change, held in this process: offers (with trusted affiliates and lead
 * caps), each offer's buyers (links, products, parsed templates, decrypted credentials), the partner time zone and the
 * network's fraud settings.
 * Any change to those tables drops it all at once (NOTIFY pxl_cache on the click cache's listener), so a product
 * made inactive or untested stops getting leads as soon as the change is committed. Counts (caps, de-dup) are never cached.
 * One per app, made at start on the hot pool (services.ts); the lead API, the Test API and the Cold API share it.
 */
export class LeadCache {
  readonly offers: ReloadCache<number, LeadOffer | null>;
  readonly links: ReloadCache<string, Candidate[]>;
  private readonly zone: ReloadCache<'zone', string>;
  private readonly fraud: ReloadCache<'fraud', FraudSettings>;
  /** Leads at their database work at once in this process (lead-turns.ts). */
  readonly turns: LeadTurns;

  constructor(deps: AppDeps, source: ChangeSource, slots: PushSlots) {
    this.turns = turnsFor((deps.hotDb.$client.options as { max?: number }).max ?? 10);
    this.offers = new ReloadCache((number) => loadOffer(deps, number), TTL_MS);
    this.links = new ReloadCache((offerId) => loadLinks(deps, slots, offerId), TTL_MS);
    this.zone = new ReloadCache(async () => (await generalSettings.get(deps.db)).time_zone, TTL_MS);
    this.fraud = new ReloadCache(() => getFraudSettings(deps.db), TTL_MS);
    source.onChange(() => this.clear());
  }

  timeZone() {
    return this.zone.get('zone');
  }

  /** The network's fraud settings (Settings › Fraud); an offer's own values are laid over them per lead. */
  fraudSettings() {
    return this.fraud.get('fraud');
  }

  clear() {
    this.offers.clear();
    this.links.clear();
    this.zone.clear();
    this.fraud.clear();
  }
}
