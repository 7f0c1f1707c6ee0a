// Test-only: a small network and traffic written straight into the tables, at chosen instants.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { clicks, conversions, leadAttempts, leadStatusHistory, leads, offerProducts, offers } from '../../db/schema.ts';
import { createOfferWorld, insertLanding, insertProduct } from '../offers/offers.fixtures.ts';
import { api, type Member } from '../managers/staff.fixtures.ts';
import type { FastifyInstance } from 'fastify';
import { createTestWorld } from '#test/harness.ts';

/** Revenue no payout equals, so a raw-body search for it finds only leaks. */
export const LOG_REVENUE = 7_654_321;

export const insertOffer = async (db: Db, type: 'direct_link' | 'api', advertiserId: string | null, title: string) =>
  (
    await db
      .insert(offers)
      .values({ type, title, vertical: 'gambling', status: 'active', advertiserId, currency: 'EUR' })
      .returning()
  )[0];

/**
 * affA (managerA, in the team lead's team) and affB (managerB); offers: dlA and apiA of advA, dlB of advB;
 * product P of advA sells on apiA. Rows land on DAY (UTC) unless a test says otherwise.
 */
export const logWorld = async (db: Db) => {
  const w = await createOfferWorld(db);
  const dlA = await insertOffer(db, 'direct_link', w.advA.id, `DL A ${w.tag}`);
  const dlB = await insertOffer(db, 'direct_link', w.advB.id, `DL B ${w.tag}`);
  const apiA = await insertOffer(db, 'api', w.advA.id, `API A ${w.tag}`);
  const product = await insertProduct(db, w.advA.id, { name: `Buyer ${w.tag}` });
  await db.insert(offerProducts).values({ offerId: apiA.id, productId: product.id });
  const landing = await insertLanding(db);
  const click = async (
    offerId: string,
    affiliateId: string | null,
    at: string,
    over: Partial<typeof clicks.$inferInsert> = {},
  ) => {
    const id = randomUUID();
    await db.insert(clicks).values({
      id,
      offerId,
      affiliateId,
      createdAt: new Date(at),
      country: 'DE',
      device: 'desktop',
      os: 'windows',
      ...over,
    });
    return id;
  };
  const conversion = async (
    offerId: string,
    affiliateId: string,
    at: string,
    over: Partial<typeof conversions.$inferInsert> = {},
  ) =>
    (
      await db
        .insert(conversions)
        .values({
          offerId,
          affiliateId,
          createdAt: new Date(at),
          goal: 'registration',
          currency: 'EUR',
          payout: 1500,
          revenue: LOG_REVENUE,
          country: 'DE',
          ...over,
        })
        .returning()
    )[0];
  const addLead = async (
    offerId: string,
    affiliateId: string,
    at: string,
    over: Partial<typeof leads.$inferInsert> = {},
  ) =>
    (
      await db
        .insert(leads)
        .values({
          offerId,
          affiliateId,
          createdAt: new Date(at),
          email: `p-${randomUUID().slice(0, 8)}@mail.test`,
          firstName: 'Ann',
          lastName: 'Lee',
          phone: '+491234567',
          ip: '203.0.113.9',
          country: 'DE',
          ...over,
        })
        .returning()
    )[0];
  const attempt = async (leadId: string, position: number, result: string, at: string) =>
    (
      await db
        .insert(leadAttempts)
        .values({ leadId, productId: product.id, position, result, createdAt: new Date(at), message: result })
        .returning()
    )[0];
  const status = (leadId: string, to: string, at: string) =>
    db
      .insert(leadStatusHistory)
      .values({ leadId, toStatus: to, rawStatus: to.toUpperCase(), source: 'pull', createdAt: new Date(at) });
  return { ...w, dlA, dlB, apiA, product, landing, click, conversion, addLead, attempt, status };
};
export type LogWorld = Awaited<ReturnType<typeof logWorld>>;

/** A test file's setup: a test app with a log world on it. */
export const startLogWorld = () => createTestWorld((t) => logWorld(t.db));

export const DAY = '2026-03-10';
export const DAY_RANGE = `date_from=${DAY}&date_to=${DAY}`;

export const getLog = (app: FastifyInstance, m: Member, path: string, query: string) =>
  api(app, 'GET', `/api/statistic/v1/${path}?${query}`, m.token);
