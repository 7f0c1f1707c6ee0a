import { and, eq, inArray } from 'drizzle-orm';
import { AFFILIATE_ALERT_EVENTS, ALERT_EVENTS, type AlertEvent } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { offers, users } from '../../db/schema.ts';
import { createOutboxMailer } from '../mail/index.ts';
import { alertAffiliate, enqueueAlert } from '../notifications/index.ts';
import type { Figures, Subject } from './actions.repository.ts';

export type NotifyRule = { id: string; name: string; builtin?: string | null };
type Notify = { channel_uuids: string[]; notify_owners: boolean };

/** A built-in rule raises its own event (its key is the event's name); a rule staff made raises rule_fired. */
export const eventOf = (rule: NotifyRule): AlertEvent =>
  rule.builtin && (ALERT_EVENTS as readonly string[]).includes(rule.builtin)
    ? (rule.builtin as AlertEvent)
    : 'rule_fired';

export const figuresInWords = (f: Figures) =>
  `${f.metric} ${f.value} over ${f.window_minutes} min (${f.condition}${f.compared_to === null ? '' : `; compared to ${f.compared_to}`})`;

/** The managers of the scope: the affiliate's, and for an offer its advertiser's (as the cap warnings pick them). */
const managersOf = async (db: Db, s: Subject) => {
  const ids: string[] = [];
  if (s.affiliateId) {
    const [a] = await db.select({ m: users.managerId }).from(users).where(eq(users.id, s.affiliateId));
    if (a?.m) ids.push(a.m);
  }
  if (s.offerId) {
    const [o] = await db.select({ adv: offers.advertiserId }).from(offers).where(eq(offers.id, s.offerId));
    if (o?.adv) {
      const [m] = await db
        .select({ m: users.managerId })
        .from(users)
        .where(inArray(users.id, [o.adv]));
      if (m?.m) ids.push(m.m);
    }
  }
  return [...new Set(ids)];
};

/**
 * Cap alerts are mailed as well (docs/product/automation.md, "Built-in rules"): to the affiliate at 80 % and at 100 %,
 * to the managers at 100 % only, since at 80 % the cap warning mail already reaches them.
 */
const MAILED: Partial<Record<AlertEvent, 'affiliate' | 'all'>> = { cap_warning: 'affiliate', cap_reached: 'all' };

const mailOwners = async (tx: Db, who: string[], actionId: string, vars: { title: string; text: string }) => {
  if (!who.length) return 0;
  const people = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(inArray(users.id, who), eq(users.status, 'active')));
  const mailer = createOutboxMailer(tx);
  for (const p of people)
    await mailer.send({ to: p.email, template: 'alert', vars, dedupeKey: `${actionId}:${p.email}` });
  return people.length;
};

/**
 * An alert to the action's channels and, with notify_owners, to the scope's managers and the network's channels, and
 * to the affiliate when the event is one an affiliate may receive (AFFILIATE_ALERT_EVENTS). Queued in the action's
 * transaction (the outbox), keyed by the action's id so a retry never sends it twice. Returns the summary.
 */
export const queueNotify = async (
  tx: Db,
  actionId: string,
  rule: NotifyRule,
  action: Notify,
  s: Subject,
  words: string,
  figures: Figures,
) => {
  const event = eventOf(rule);
  const title = `Rule "${rule.name}": ${words}`;
  const text = `${words}: ${figuresInWords(figures)}`;
  const data = { rule_uuid: rule.id, action_uuid: actionId, subject: words, figures };
  const owners = action.notify_owners ? await managersOf(tx, s) : [];
  await enqueueAlert(tx, {
    event,
    title,
    text,
    data,
    channelIds: action.channel_uuids,
    toUsers: owners,
    network: action.notify_owners,
    dedupeKey: actionId,
  });
  const toAffiliate =
    action.notify_owners && !!s.affiliateId && (AFFILIATE_ALERT_EVENTS as readonly string[]).includes(event);
  if (toAffiliate) await alertAffiliate(tx, s.affiliateId!, event, title, text, data, actionId);
  const mailed = action.notify_owners ? MAILED[event] : undefined;
  const mails = mailed
    ? await mailOwners(tx, [...(s.affiliateId ? [s.affiliateId] : []), ...(mailed === 'all' ? owners : [])], actionId, {
        title,
        text,
      })
    : 0;
  const to = [
    action.channel_uuids.length && `${action.channel_uuids.length} channel(s)`,
    owners.length && `${owners.length} manager(s)`,
    action.notify_owners && "the network's channels",
    toAffiliate && 'the affiliate',
    mails && `${mails} mail(s)`,
  ].filter(Boolean);
  return `Alert "${title}" (${event}) queued to ${to.join(', ') || 'no one'}`;
};

/** The affiliate hears that an offer is paused for them, in plain words and without the rule's figures. */
export const tellPausedAffiliate = (tx: Db, affiliateId: string, offerWords: string, actionId: string) =>
  alertAffiliate(
    tx,
    affiliateId,
    'offer_paused',
    `${offerWords} is paused for you`,
    `Your traffic to ${offerWords} is paused: clicks go to trafficback and leads are refused until your manager lifts it.`,
    { action_uuid: actionId },
    actionId,
  );
