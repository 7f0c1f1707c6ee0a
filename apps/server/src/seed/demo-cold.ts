import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  coldDistributions,
  coldLeadLists,
  coldListLeads,
  coldProductClaims,
  coldRules,
  coldSends,
  conversions,
  leadAttempts,
  leads,
  leadStatusHistory,
  offerProducts,
  offers,
  users,
} from '../db/schema.ts';
import { createRng } from './demo-traffic-random.ts';

// The Cold API demo (docs/product/cold-api.md): two lists, two rules, a finished distribution with its sends and a
// running one that the server's runner carries on from where the seed leaves it.

const DAY = 86_400_000;
const CRYPTO = 'Crypto leads EU — API';
const CASINO = 'Casino leads CA — API';

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const offerNamed = async (db: Db, title: string) =>
  (await db.select({ id: offers.id }).from(offers).where(eq(offers.title, title)).limit(1))[0]?.id ?? null;

/** Idempotent: nothing is added when the first list exists. Returns how many sends the finished distribution made. */
export const seedDemoCold = async (db: Db, ids: Map<string, string>, now = Date.now(), seed = 11) => {
  const [seeded] = await db.select({ id: coldLeadLists.id }).from(coldLeadLists).limit(1);
  if (seeded) return null;
  const crypto = await offerNamed(db, CRYPTO);
  const casino = await offerNamed(db, CASINO);
  const acting = ids.get('affiliate');
  const author = ids.get('teamlead') ?? ids.get('admin') ?? null;
  if (!crypto || !casino || !acting) return null;
  const rng = createRng(seed);

  // The team lead's network: their team's affiliates only, so the lists read the same to them and to the admin.
  const inTeam = sql`${leads.affiliateId} in (select id from ${users} where manager_id in (select id from ${users} where team_lead_id = ${author}) or manager_id = ${author})`;
  const failed = await db
    .select({ id: leads.id })
    .from(leads)
    .where(
      and(
        eq(leads.offerId, crypto),
        eq(leads.status, 'failed'),
        eq(leads.isTest, false),
        isNull(leads.originLeadId),
        inTeam,
      ),
    )
    .orderBy(asc(leads.createdAt))
    .limit(240);
  const depositors = await db
    .select({ lead: leads.id, conversion: conversions.id })
    .from(conversions)
    .innerJoin(leads, eq(leads.id, conversions.leadId))
    .where(and(eq(leads.offerId, casino), isNull(leads.originLeadId), inTeam))
    .orderBy(asc(conversions.createdAt))
    .limit(60);

  const [failedList, ftdList] = await db
    .insert(coldLeadLists)
    .values([
      { title: 'Crypto EU — no buyer took them', source: 'user_session', createdBy: author },
      { title: 'Casino CA — depositors for other brands', source: 'conversion', createdBy: author },
    ])
    .returning({ id: coldLeadLists.id });
  if (failed.length)
    await db
      .insert(coldListLeads)
      .values(failed.map((l) => ({ listId: failedList.id, leadId: l.id, source: 'user_session' })));
  if (depositors.length)
    await db
      .insert(coldListLeads)
      .values(
        depositors.map((d) => ({
          listId: ftdList.id,
          leadId: d.lead,
          source: 'conversion',
          conversionId: d.conversion,
        })),
      )
      .onConflictDoNothing();

  const [standard] = await db
    .insert(coldRules)
    .values([
      {
        name: 'Standard cold: 3 re-sends, a week apart',
        maxResends: 3,
        minDaysBetween: 7,
        neverSameProduct: true,
        skipFtd: true,
        regeneratePassword: true,
        createdBy: author,
      },
      {
        name: 'Depositors: once, Canada only, neutral IP',
        maxResends: 1,
        minDaysBetween: 30,
        neverSameProduct: true,
        skipFtd: false,
        geos: ['CA'],
        sendOriginalIp: false,
        neutralIp: '203.0.113.10',
        funnel: 'cold-depositors',
        createdBy: author,
      },
    ])
    .returning({ id: coldRules.id });

  const window = { hourFrom: 8, hourTo: 22, timeZone: 'Europe/Kyiv', order: 'newest' as const };
  const [finished] = await db
    .insert(coldDistributions)
    .values([
      {
        title: 'October re-send — crypto EU',
        listId: failedList.id,
        ruleId: standard.id,
        affiliateId: acting,
        offerId: crypto,
        startDate: day(now - 20 * DAY),
        endDate: day(now - 12 * DAY),
        ...window,
        intervalMin: 60,
        intervalMax: 180,
        dailyLimit: 20,
        status: 'done',
        createdBy: author,
      },
      {
        title: 'Crypto EU — evening re-send',
        listId: failedList.id,
        ruleId: standard.id,
        affiliateId: acting,
        offerId: crypto,
        startDate: day(now - DAY),
        endDate: null,
        ...window,
        intervalMin: 45,
        intervalMax: 120,
        dailyLimit: 300,
        status: 'active',
        createdBy: author,
      },
    ])
    .returning({ id: coldDistributions.id });

  // The finished distribution's sends: the oldest 60 of the list, a new user session each, some taken by a buyer.
  const products = (
    await db
      .select({ id: offerProducts.productId })
      .from(offerProducts)
      .where(eq(offerProducts.offerId, crypto))
      .orderBy(asc(offerProducts.priority), asc(offerProducts.position))
  ).map((p) => p.id);
  const originals = failed.slice(0, 60);
  if (!products.length || !originals.length) return 0;
  const people = await db
    .select()
    .from(leads)
    .where(
      sql`${leads.id} in (${sql.join(
        originals.map((o) => sql`${o.id}`),
        sql`, `,
      )})`,
    );
  let at = now - 20 * DAY + 9 * 3_600_000;
  for (const origin of people) {
    at += rng.int(60, 180) * 1000 + (rng.chance(0.05) ? DAY : 0);
    const product = rng.pick(products);
    if (rng.chance(0.1)) {
      await db.insert(coldSends).values({
        distributionId: finished.id,
        originLeadId: origin.id,
        skipReason: 'too_soon',
        createdAt: new Date(at),
      });
      continue;
    }
    const accepted = rng.chance(0.4);
    const attemptId = randomUUID();
    const externalId = `cold-${attemptId.slice(0, 8)}`;
    const [copy] = await db
      .insert(leads)
      .values({
        createdAt: new Date(at),
        updatedAt: new Date(at),
        offerId: crypto,
        affiliateId: acting,
        productId: accepted ? product : null,
        acceptedAttemptId: accepted ? attemptId : null,
        country: origin.country,
        device: origin.device,
        os: origin.os,
        firstName: origin.firstName,
        lastName: origin.lastName,
        email: origin.email,
        phone: origin.phone,
        ip: origin.ip,
        language: origin.language,
        passwordEnc: origin.passwordEnc,
        funnel: origin.funnel,
        gender: origin.gender,
        status: accepted ? 'accepted' : 'failed',
        reason: accepted ? null : 'no_product_available',
        reasonDetail: accepted ? null : 'The buyer refused the lead: Duplicate lead: this email is already registered',
        externalId: accepted ? externalId : null,
        autologinUrl: accepted ? `https://crm.buyer.example/autologin/${externalId}` : null,
        callStatus: accepted ? 'new' : null,
        originLeadId: origin.id,
        coldDistributionId: finished.id,
      })
      .returning({ id: leads.id });
    await db.insert(leadAttempts).values({
      id: attemptId,
      leadId: copy.id,
      productId: product,
      createdAt: new Date(at),
      position: 0,
      result: accepted ? 'accepted' : 'rejected',
      durationMs: rng.int(90, 900),
      externalId: accepted ? externalId : null,
      autologinUrl: accepted ? `https://crm.buyer.example/autologin/${externalId}` : null,
      message: accepted ? 'Accepted' : 'Duplicate lead: this email is already registered',
    });
    // As every accepted demo lead: the buyer's first status came with its first pull.
    if (accepted)
      await db.insert(leadStatusHistory).values({
        leadId: copy.id,
        createdAt: new Date(at + 60_000),
        toStatus: 'new',
        rawStatus: 'new',
        source: 'pull',
      });
    await db.insert(coldSends).values({
      distributionId: finished.id,
      originLeadId: origin.id,
      sessionId: copy.id,
      createdAt: new Date(at),
    });
    await db
      .insert(coldProductClaims)
      .values({ originLeadId: origin.id, productId: product, distributionId: finished.id, createdAt: new Date(at) })
      .onConflictDoNothing();
  }
  await db
    .update(coldDistributions)
    .set({ lastSendAt: new Date(at), updatedAt: new Date(at) })
    .where(eq(coldDistributions.id, finished.id));
  return people.length;
};
