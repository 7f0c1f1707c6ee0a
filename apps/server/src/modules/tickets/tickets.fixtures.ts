// Test-only: the ticket calls, on the offers world (staff of every role, partners of managerA and managerB).
import type { FastifyInstance } from 'fastify';
import { authHeader } from '#test/factories.ts';
import { api, type Member } from '../managers/staff.fixtures.ts';

export { startOfferWorld as startTicketWorld, type OfferWorld as TicketWorld } from '../offers/offers.fixtures.ts';

export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('fake-png-body'),
]);

export const ticketCalls = (app: FastifyInstance) => ({
  create: (m: Member, over: Record<string, unknown> = {}) =>
    api(app, 'POST', '/api/tickets/v1/create', m.token, {
      type: 'general',
      subject: 'Payout question',
      body: 'When is my payout?',
      ...over,
    }),
  get: (m: Member, uuid: string) => api(app, 'GET', `/api/tickets/v1/${uuid}`, m.token),
  list: (m: Member, query = '') => api(app, 'GET', `/api/tickets/v1/list${query}`, m.token),
  unread: async (m: Member) => (await api(app, 'GET', '/api/tickets/v1/unread', m.token)).json.data.unread as number,
  reply: (m: Member, uuid: string, body = 'An answer', attachments: string[] = []) =>
    api(app, 'POST', `/api/tickets/v1/${uuid}/reply`, m.token, { body, attachments }),
  close: (m: Member, uuid: string) => api(app, 'POST', `/api/tickets/v1/${uuid}/close`, m.token),
  reopen: (m: Member, uuid: string) => api(app, 'POST', `/api/tickets/v1/${uuid}/reopen`, m.token),
  decide: (m: Member, uuid: string, body: Record<string, unknown>) =>
    api(app, 'POST', `/api/tickets/v1/${uuid}/access-decision`, m.token, body),
  upload: async (m: Member, name: string, bytes: Buffer) => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/tickets/v1/attachments?name=${encodeURIComponent(name)}`,
      payload: bytes,
      headers: { ...authHeader(m.token), 'content-type': 'application/octet-stream' },
    });
    return { status: res.statusCode, json: res.json() as { data: any; error: Record<string, string> | null } };
  },
  download: (m: Member, uuid: string) =>
    app.inject({ method: 'GET', url: `/api/tickets/v1/attachments/${uuid}`, headers: authHeader(m.token) }),
});

/** Opens a ticket as the partner and returns its uuid. */
export const openTicket = async (app: FastifyInstance, m: Member, over: Record<string, unknown> = {}) => {
  const res = await ticketCalls(app).create(m, over);
  if (res.status !== 200) throw new Error(res.body);
  return res.json.data.uuid as string;
};
