import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { StoredFraudReason } from '../../db/schema.ts';
import { getFraudSettings, reasonsInWords } from '../fraud/index.ts';
import { insertAlerts, subscribedSql } from './outbox.ts';

/** What the alert needs of a conversion that just became rejected. */
export type RejectedConversion = {
  id: string;
  affiliateId: string;
  offerId: string;
  clickId: string | null;
  leadId: string | null;
  fraudAction: string | null;
  fraudReasons: StoredFraudReason[] | null;
};

/**
 * Tells each affiliate on its own channels that conversions of theirs were rejected, with the offer and the click or
 * lead id they know them by; in the transaction of the change, one statement, nothing queued when they have no channel
 * for it. A rejection for traffic quality says so, and names the reasons only when the network shows them to
 * affiliates (docs/product/fraud.md).
 */
export const alertConversionsRejected = async (db: Db, convs: RejectedConversion[]) => {
  if (!convs.length) return 0;
  const showReasons = convs.some((c) => c.fraudAction) && (await getFraudSettings(db)).affiliates_see_reasons;
  const why = (c: RejectedConversion) => {
    if (!c.fraudAction) return '';
    const reasons = showReasons && c.fraudReasons?.length ? `: ${reasonsInWords(c.fraudReasons)}` : '';
    return `Rejected for traffic quality${reasons}`;
  };
  const col = <T>(f: (c: RejectedConversion) => T) => sql.param(convs.map(f));
  return insertAlerts(
    db,
    sql`select c.id, 'conversion_rejected', 'Conversion rejected: ' || o.title,
        concat_ws(E'\n', 'Offer: ' || o.title || ' (#' || o.number || ')',
          'Click ID: ' || u.click_id, 'Lead ID: ' || u.lead_id, nullif(u.why, '')),
        jsonb_build_object('conversion_uuid', u.id, 'offer_uuid', o.id, 'offer', o.title, 'offer_id', o.number,
          'click_id', u.click_id, 'lead_id', u.lead_id),
        null::text
      from unnest(${col((c) => c.id)}::uuid[], ${col((c) => c.affiliateId)}::uuid[], ${col((c) => c.offerId)}::uuid[],
          ${col((c) => c.clickId)}::uuid[], ${col((c) => c.leadId)}::uuid[], ${col(why)}::text[])
        as u(id, affiliate_id, offer_id, click_id, lead_id, why)
      join notification_channels c on c.owner_id = u.affiliate_id and c.enabled and ${subscribedSql('conversion_rejected')}
      join offers o on o.id = u.offer_id`,
  );
};
