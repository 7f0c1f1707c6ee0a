import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { ticketMessages, ticketReads, tickets } from '../db/schema.ts';

const HOUR = 3600_000;

type Who = 'affiliate' | 'advertiser' | 'manager';
type Item = {
  partner: 'affiliate' | 'advertiser';
  type: string;
  status: 'open' | 'answered' | 'closed';
  subject: string;
  /** Oldest first; `hours` ago. */
  messages: { by: Who; hours: number; body: string }[];
};

/** Tickets of the demo partners with their manager, one or more in every status (docs/product/tickets-and-mail.md). */
const ITEMS: Item[] = [
  {
    partner: 'affiliate',
    type: 'technical',
    status: 'open',
    subject: 'Postback does not reach my tracker',
    messages: [
      { by: 'affiliate', hours: 52, body: 'Since yesterday my Keitaro gets no postbacks for the crypto offer.' },
      { by: 'manager', hours: 49, body: 'Could you send the postback URL you saved in Settings › Postback?' },
      { by: 'affiliate', hours: 3, body: 'Here it is: https://track.example/postback?cid={click_id}&sum={payout}' },
    ],
  },
  {
    partner: 'affiliate',
    type: 'financial',
    status: 'answered',
    subject: 'When is the October payout?',
    messages: [
      { by: 'affiliate', hours: 30, body: 'My October invoice shows as unpaid. When can I expect it?' },
      { by: 'manager', hours: 6, body: 'It goes out on Friday with the weekly batch.' },
    ],
  },
  {
    partner: 'affiliate',
    type: 'general',
    status: 'closed',
    subject: 'How do I add a second payment method?',
    messages: [
      { by: 'affiliate', hours: 240, body: 'I want to receive USDT as well as bank transfers.' },
      { by: 'manager', hours: 236, body: 'Settings › Payments: add it there and set its priority.' },
    ],
  },
  {
    partner: 'advertiser',
    type: 'general',
    status: 'open',
    subject: 'Raise the daily cap on our offer',
    messages: [{ by: 'advertiser', hours: 20, body: 'We can take 300 leads a day from next week.' }],
  },
  {
    partner: 'advertiser',
    type: 'financial',
    status: 'answered',
    subject: 'Invoice currency',
    messages: [
      { by: 'advertiser', hours: 72, body: 'Can our invoices be in EUR?' },
      { by: 'manager', hours: 70, body: 'Yes: the network currency is USD, but we can bill you in EUR on request.' },
    ],
  },
];

/** Idempotent: does nothing once any ticket exists. */
export const seedDemoTickets = async (db: Db, ids: Map<string, string>, now = Date.now()) => {
  const [{ n }] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(tickets);
  if (n > 0) return;
  for (const item of ITEMS) {
    const partnerId = ids.get(item.partner);
    const managerId = ids.get('manager');
    if (!partnerId || !managerId) continue;
    const at = (hours: number) => new Date(now - hours * HOUR);
    const first = item.messages[0];
    const last = item.messages[item.messages.length - 1];
    const [t] = await db
      .insert(tickets)
      .values({
        type: item.type,
        status: item.status,
        subject: item.subject,
        partnerId,
        createdAt: at(first.hours),
        updatedAt: at(last.hours),
        lastMessageAt: at(last.hours),
        lastMessageBy: ids.get(last.by),
      })
      .returning({ id: tickets.id });
    await db
      .insert(ticketMessages)
      .values(
        item.messages.map((m) => ({ ticketId: t.id, authorId: ids.get(m.by), body: m.body, createdAt: at(m.hours) })),
      );
    // A closed ticket has been read on both sides; the others wait for whoever did not write last.
    if (item.status === 'closed')
      await db
        .insert(ticketReads)
        .values([partnerId, managerId].map((userId) => ({ ticketId: t.id, userId, readAt: at(last.hours) })));
  }
};
