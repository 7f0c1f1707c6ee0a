// The yardsticks of the lead and postback benches: bare Fastify handlers in the bench's process doing only the work
// any lead API or postback endpoint must do, on a pool of their own the size of the server's hot pool. Plain SQL as
// named (prepared) statements, no framework beyond Fastify: the best a hand-written endpoint does.
import http from 'node:http';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { leadCreateSchema } from '@pxl/contract';
import { connectDb, type Db } from '../apps/server/src/db/client.ts';

const urlOf = (db: Db) => (db.$client.options as { connectionString: string }).connectionString;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * POST /lead: parse and validate the JSON (the lead API's own schema), one INSERT of the lead, one HTTP call to the
 * buyer (kept-alive sockets), one UPDATE with its answer, then the answer.
 */
export const bareLeadApi = async (seeded: Db, buyerUrl: string) => {
  await seeded.execute(sql`create table if not exists bare_leads (
    id uuid primary key default gen_random_uuid(), offer_id int not null, first_name text not null,
    last_name text not null, email text not null, phone text not null, country text not null, ip text not null,
    status text not null, external_id text, created_at timestamptz not null default now(),
    updated_at timestamptz not null default now())`);
  const db = connectDb(urlOf(seeded), 10);
  const agent = new http.Agent({ keepAlive: true });
  const callBuyer = (body: string) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(
        buyerUrl,
        {
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  const app = Fastify();
  app.post('/lead', async (req, reply) => {
    const parsed = leadCreateSchema.safeParse(req.body);
    if (!parsed.success) return reply.code(400).send({ status: 'error', data: null, error: parsed.error.issues });
    const l = parsed.data;
    const { rows } = await db.$client.query<{ id: string }>({
      name: 'bare-lead-insert',
      text: `insert into bare_leads (offer_id, first_name, last_name, email, phone, country, ip, status)
        values ($1, $2, $3, $4, $5, $6, $7, 'processing') returning id`,
      values: [l.offer_id, l.first_name, l.last_name, l.email, l.phone, l.country, l.ip],
    });
    const id = rows[0].id;
    const answer = await callBuyer(JSON.stringify({ email: l.email, phone: l.phone, aff_lead_id: id }));
    const externalId = (JSON.parse(answer.text) as { lead_id?: string }).lead_id ?? null;
    const status = answer.status === 200 ? 'accepted' : 'failed';
    await db.$client.query({
      name: 'bare-lead-update',
      text: 'update bare_leads set status = $2, external_id = $3, updated_at = now() where id = $1',
      values: [id, status, externalId],
    });
    return { status: 'success', data: { lead_id: id, status }, error: null };
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `${url}/lead`,
    close: async () => {
      await app.close();
      agent.destroy();
      await db.$client.end();
    },
  };
};

/**
 * GET /postback?click_id=&goal=&txid=: looks the click up by its id and inserts the conversion, in one statement (its
 * own transaction), committed before the answer; an unknown click is a 404.
 */
export const barePostbacks = async (seeded: Db) => {
  await seeded.execute(sql`create table if not exists bare_conversions (
    id bigserial primary key, click_id uuid not null, offer_id uuid not null, affiliate_id uuid,
    goal text not null, txid text, created_at timestamptz not null default now())`);
  const db = connectDb(urlOf(seeded), 10);
  const app = Fastify();
  app.get('/postback', async (req, reply) => {
    const q = req.query as Record<string, string | undefined>;
    if (!q.click_id || !UUID_RE.test(q.click_id) || !q.goal)
      return reply.code(400).send({ status: 'error', data: null, error: { click_id: 'Unknown click_id' } });
    const { rows } = await db.$client.query<{ id: string }>({
      name: 'bare-postback',
      text: `insert into bare_conversions (click_id, offer_id, affiliate_id, goal, txid)
        select c.id, c.offer_id, c.affiliate_id, $2, $3 from clicks c where c.id = $1 returning id`,
      values: [q.click_id, q.goal, q.txid ?? null],
    });
    if (!rows.length)
      return reply.code(404).send({ status: 'error', data: null, error: { click_id: 'Unknown click_id' } });
    return { status: 'success', data: { conversion: rows[0].id }, error: null };
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `${url}/postback`,
    close: async () => {
      await app.close();
      await db.$client.end();
    },
  };
};
