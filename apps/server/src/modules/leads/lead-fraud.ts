import type { FraudReason, FraudSettings } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import type { clicks } from '../../db/schema.ts';
import { readerOf } from '../../db/group-commit.ts';
import {
  datacenterIpReason,
  duplicateContactReason,
  geoMismatchReason,
  ipMismatchReason,
  leadAction,
  reasonsInWords,
  verdictOf,
  type ContactMatches,
} from '../fraud/index.ts';

// A lead's fraud verdict (docs/product/fraud.md, "Leads"): its own signals merged with the reasons of the click it
// names, and what the score calls for.

/**
 * Enough rows to tell "sent around" from "sent once"; a contact sprayed across thousands of leads must not make its
 * next lead read them all.
 */
const CONTACT_ROWS = 200;

// Other offers that got the same email or phone in the window, test leads left out, in one statement: each
// condition is one of the indexes (email, created_at) and (phone, created_at), read as a BitmapOr.
const CONTACT_MATCHES = `select count(distinct offer_id) filter (where email = $1)::int as email,
    count(distinct offer_id) filter (where phone = $2)::int as phone
  from (select offer_id, email, phone from leads
    where (email = $1 or phone = $2) and offer_id <> $3 and not is_test
      and created_at > now() - make_interval(days => $4::int)
    limit ${CONTACT_ROWS}) m`;

/** How many other offers got this email and this phone in the last `days` days. */
export const contactMatches = async (
  db: Db,
  offerId: string,
  email: string,
  phone: string,
  days: number,
): Promise<ContactMatches> => {
  const { rows } = await readerOf(db).query({
    name: 'lead-contact-matches',
    text: CONTACT_MATCHES,
    values: [email, phone, offerId, days],
  });
  return { email: Number(rows[0]?.email ?? 0), phone: Number(rows[0]?.phone ?? 0) };
};

export type LeadVerdict = { fraud_score: number; fraud_reasons: FraudReason[]; refuse: boolean };

/** The lead's reasons and score, and whether the score refuses it (the affiliate's allow-list honoured). */
export const leadVerdict = (
  s: FraudSettings,
  lead: { ip: string; country: string; phone: string; affiliateId: string },
  gated: {
    click: Pick<typeof clicks.$inferSelect, 'country' | 'ip' | 'fraudReasons'> | null;
    contacts: ContactMatches | null;
  },
): LeadVerdict => {
  const { weights: w, thresholds: t } = s;
  const { click } = gated;
  const own = [
    datacenterIpReason(lead.ip, 'lead', w),
    duplicateContactReason(gated.contacts, t, w),
    geoMismatchReason({ clickCountry: click?.country ?? null, leadCountry: lead.country, phone: lead.phone }, w),
    ipMismatchReason(click?.ip ?? null, lead.ip, w),
  ].filter((r): r is FraudReason => r !== null);
  // A bot's click carries its reason into the lead it names.
  const verdict = verdictOf(own, (click?.fraudReasons ?? null) as FraudReason[] | null);
  return { ...verdict, refuse: leadAction(s, verdict.fraud_score, lead.affiliateId) === 'refuse' };
};

/** The refused lead's reason detail that staff read in User sessions: "Fraud score 90. Label: detail; …". */
export const refusalDetail = (v: Pick<LeadVerdict, 'fraud_score' | 'fraud_reasons'>) =>
  `Fraud score ${v.fraud_score}. ${reasonsInWords(v.fraud_reasons)}`.slice(0, 2000);
