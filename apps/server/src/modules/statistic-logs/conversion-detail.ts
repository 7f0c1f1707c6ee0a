import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ConversionDetail } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { conversions, offers, outboundPostbacks, products, users } from '../../db/schema.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { loadOutbound } from '../postbacks/index.ts';
import { loadConversion } from '../tracking/index.ts';
import { clickById } from './clicks-log.ts';
import { advertiserName, fraudVerdictOf } from './log-sql.ts';
import { sessionById } from './sessions-log.ts';
import { leadContactsFor } from '../../lib/lead-contacts.ts';

const advertiser = alias(users, 'advertiser');
/** Every postback one conversion can owe (conversion, status changes, ftd) fits; the detail has no pager. */
const POSTBACKS_SHOWN = 100;

/** Staff only (the endpoint's roles); out of the caller's scope it is a 404, as loadConversion answers. */
export const conversionDetail = async (db: Db, auth: AuthContext, id: string): Promise<ConversionDetail> => {
  const conversion = await loadConversion(db, auth, id);
  const [extra] = await db
    .select({
      isTest: conversions.isTest,
      updatedAt: conversions.updatedAt,
      fraudScore: conversions.fraudScore,
      fraudReasons: conversions.fraudReasons,
      clickId: conversions.clickId,
      leadId: conversions.leadId,
      offerType: offers.type,
      productId: conversions.productId,
      productName: products.name,
      advId: advertiser.id,
      advFirst: advertiser.firstName,
      advLast: advertiser.lastName,
      advEmail: advertiser.email,
      advCompany: advertiser.company,
    })
    .from(conversions)
    .innerJoin(offers, eq(offers.id, conversions.offerId))
    // As in the reports: the offer's advertiser, else the owner of the product that took the lead.
    .leftJoin(products, eq(products.id, conversions.productId))
    .leftJoin(advertiser, eq(advertiser.id, sql`coalesce(${offers.advertiserId}, ${products.advertiserId})`))
    .where(eq(conversions.id, id))
    .limit(1);
  const mask = leadContactsFor(auth);
  const [click, lead, postbacks] = await Promise.all([
    extra.clickId ? clickById(db, extra.clickId) : null,
    extra.leadId ? sessionById(db, extra.leadId, mask) : null,
    loadOutbound(db, eq(outboundPostbacks.conversionId, id), 1, POSTBACKS_SHOWN),
  ]);
  return {
    conversion: {
      ...conversion,
      advertiser: extra.advId
        ? { uuid: extra.advId, name: advertiserName(extra.advFirst, extra.advLast, extra.advEmail, extra.advCompany) }
        : null,
      product:
        extra.productId && extra.productName !== null ? { uuid: extra.productId, name: extra.productName } : null,
      offer_type: extra.offerType as ConversionDetail['conversion']['offer_type'],
      is_test: extra.isTest,
      updated_at: extra.updatedAt.toISOString(),
      ...fraudVerdictOf(extra),
    },
    // The click of a lead's conversion carries the lead's IP.
    click: click && lead ? { ...click, ip: mask.ip(click.ip) } : click,
    lead,
    postbacks,
  };
};
