// Test-only: every role and the news calls, shared by the news tests.
import type { FastifyInstance } from 'fastify';
import { createTestWorld } from '#test/harness.ts';
import { api, createStaffWorld, type Member } from '../managers/staff.fixtures.ts';

export const newsForm = (over: Record<string, unknown> = {}) => ({
  title: 'New offer live',
  body: 'A **new** offer is live.',
  audience: 'all',
  pinned: false,
  ...over,
});

/** Staff of every role, and two partners of each side, so one partner's read marks never show on another's feed. */
export const startNewsWorld = () =>
  createTestWorld(async (t) => {
    const staff = await createStaffWorld(t.db);
    const partner = (role: 'affiliate' | 'advertiser') => staff.member({ role });
    return {
      ...staff,
      affiliate: await partner('affiliate'),
      affiliate2: await partner('affiliate'),
      advertiser: await partner('advertiser'),
      advertiser2: await partner('advertiser'),
    };
  });
export type NewsWorld = Awaited<ReturnType<typeof startNewsWorld>>['w'];

export type FeedItem = { uuid: string; title: string; body_html: string; pinned: boolean; read: boolean };

export const newsCalls = (app: FastifyInstance) => ({
  create: (m: Member, over: Record<string, unknown> = {}) =>
    api(app, 'POST', '/api/news/v1/create', m.token, newsForm(over)),
  update: (m: Member, uuid: string, over: Record<string, unknown> = {}) =>
    api(app, 'PUT', `/api/news/v1/${uuid}`, m.token, newsForm(over)),
  get: (m: Member, uuid: string) => api(app, 'GET', `/api/news/v1/${uuid}`, m.token),
  remove: (m: Member, uuid: string) => api(app, 'DELETE', `/api/news/v1/${uuid}`, m.token),
  list: (m: Member, query = '') => api(app, 'GET', `/api/news/v1/list${query}`, m.token),
  read: (m: Member, uuid: string) => api(app, 'POST', `/api/news/v1/${uuid}/read`, m.token),
  /** The whole feed (the world holds fewer than 100 items). */
  feed: async (m: Member) => {
    const res = await api(app, 'GET', '/api/news/v1/feed?count=100', m.token);
    if (res.status !== 200) throw new Error(res.body);
    return res.json.data as { list: FeedItem[]; count: number; unread: number };
  },
});

/** Creates an item as admin and returns its uuid. */
export const publish = async (app: FastifyInstance, admin: Member, over: Record<string, unknown> = {}) => {
  const res = await newsCalls(app).create(admin, over);
  if (res.status !== 200) throw new Error(res.body);
  return res.json.data.uuid as string;
};
