// Test-only: landing forms and offers to attach, shared by the landings tests.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { offers } from '../../db/schema.ts';
import { api, type Member } from '../managers/staff.fixtures.ts';

/** Offers come straight into the table: the offers module has its own tests, these only need rows to link. */
export const insertOffer = async (db: Db, over: Partial<typeof offers.$inferInsert> = {}) => {
  const [row] = await db
    .insert(offers)
    .values({ type: 'direct_link', title: `Offer ${randomBytes(3).toString('hex')}`, vertical: 'gambling', ...over })
    .returning({ id: offers.id, number: offers.number, title: offers.title });
  return row;
};

export const landingForm = (tag: string, over: Record<string, unknown> = {}) => ({
  name: `Spin page ${tag}`,
  type: 'landing',
  url: `https://lp.example/${tag}?click={click_id}&s1={sub1}`,
  preview_url: `https://lp.example/${tag}/preview`,
  languages: ['en', 'de'],
  privacy: 'public',
  status: 'active',
  tags: ['casino'],
  offer_uuids: [],
  ...over,
});

export const landingCalls = (app: FastifyInstance, tag: string) => ({
  create: (m: Member, over: Record<string, unknown> = {}) =>
    api(app, 'POST', '/api/landings/v1/create', m.token, landingForm(tag, over)),
  update: (m: Member, uuid: string, over: Record<string, unknown> = {}) =>
    api(app, 'PUT', `/api/landings/v1/${uuid}`, m.token, landingForm(tag, over)),
  get: (m: Member, uuid: string) => api(app, 'GET', `/api/landings/v1/${uuid}`, m.token),
  status: (m: Member, uuid: string, status: string) =>
    api(app, 'POST', `/api/landings/v1/${uuid}/status`, m.token, { status }),
  /** Searches by the world's tag, so rows of other tests never count. */
  list: async (m: Member, query = '') => {
    const res = await api(app, 'GET', `/api/landings/v1/list?search=${tag}${query}`, m.token);
    if (res.status !== 200) throw new Error(res.body);
    return res.json.data as { list: { uuid: string; id: number; name: string; status: string }[]; count: number };
  },
});
