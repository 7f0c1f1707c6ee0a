// Test-only: active offers made through the staff API, and clicks sent through the real /click route.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { clicks, landings } from '../../db/schema.ts';
import { createTestWorld, type createTestApp, type TestApp } from '#test/harness.ts';
import { createOfferWorld, directLinkForm, goalsForm, offerCalls, type OfferWorld } from '../offers/offers.fixtures.ts';

export const GB_IP = '81.2.69.142';
export const UA_IP = '95.67.0.1';
export const ANDROID =
  'Mozilla/5.0 (Linux; Android 13; SM-S901B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/112.0.0.0 Mobile Safari/537.36';
export const WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

export const clickWorld = async (app: FastifyInstance, db: Db) => {
  const w = await createOfferWorld(db);
  const calls = offerCalls(app);
  /** An active direct-link offer; `sections` are saved before it is activated. */
  const offer = async (over: Record<string, unknown> = {}, sections: Record<string, Record<string, unknown>> = {}) => {
    const created = await calls.create(w.admin, directLinkForm(w, { geos: [], ...over }));
    if (created.status !== 200) throw new Error(created.body);
    const uuid = created.json.data.uuid as string;
    for (const [name, body] of Object.entries({ goals: goalsForm(), ...sections })) {
      const saved = await calls.section(w.admin, uuid, name, body);
      if (saved.status !== 200) throw new Error(saved.body);
    }
    await calls.status(w.admin, uuid, 'active');
    return { uuid, id: created.json.data.id as number };
  };
  const landing = async (over: Partial<typeof landings.$inferInsert> = {}) =>
    (
      await db
        .insert(landings)
        .values({
          name: `LP ${w.tag}`,
          url: 'https://lp.example/?c={click_id}&o={offer_id}&g={geo}',
          status: 'active',
          ...over,
        })
        .returning()
    )[0];
  return { ...w, calls, offer, landing };
};
export type ClickWorld = Awaited<ReturnType<typeof clickWorld>> & OfferWorld;

/** A test file's setup: a test app (env and jobs as createTestApp's) with a click world on it. */
export const startClickWorld = (...args: Parameters<typeof createTestApp>) =>
  createTestWorld(async (t) => (await clickWorld(t.app, t.db)) as ClickWorld, ...args);

export const click = (app: FastifyInstance, path: string, o: { ip?: string; ua?: string; cookie?: string } = {}) =>
  app.inject({
    method: 'GET',
    url: path,
    remoteAddress: o.ip ?? GB_IP,
    headers: { 'user-agent': o.ua ?? WINDOWS, ...(o.cookie && { cookie: o.cookie }) },
  });

/**
 * Resolves once the click cache has heard every change committed before the call: notifications on one channel
 * arrive in commit order, so a marker sent now comes after them all.
 */
export const cacheCaughtUp = async ({ services }: Pick<TestApp, 'services'>, db: Db) => {
  const marker = `caught-up-${randomUUID()}`;
  const heard = new Promise<void>((resolve) => {
    const stop = services.clicks.cache.onChange((table) => {
      if (table !== marker) return;
      stop();
      resolve();
    });
  });
  await db.execute(sql`select pg_notify('pxl_cache', ${marker})`);
  await heard;
};

export const storedClick = async ({ services }: Pick<TestApp, 'services'>, db: Db, id: string) => {
  await services.clicks.writer.drain();
  return (await db.select().from(clicks).where(eq(clicks.id, id)))[0];
};

export const clickIdOf = (location: string | undefined) =>
  new URL(location!).searchParams.get('cid') ?? new URL(location!).searchParams.get('c');
