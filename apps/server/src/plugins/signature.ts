import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SIGNATURE_HEADER, SIGNATURE_WINDOW_MS, TIMESTAMP_HEADER } from '@pxl/contract';
import { sql } from 'drizzle-orm';
import { timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { badRequest } from '../lib/errors.ts';
import { sha256Hex } from '../lib/tokens.ts';
import { tokenOf } from './auth.ts';

const header = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';

/**
 * Request signing (docs/product/api-and-errors.md): x-signature = sha256hex(x-timestamp + token + body). Checked whenever present,
 * required when `required`; a signature is accepted once (kept for the window, then pruned).
 */
export const signaturePlugin = fp(async (app: FastifyInstance, { db, required }: { db: Db; required: boolean }) => {
  app.addHook('preValidation', async (req) => {
    // Only panel endpoints are signed; lead-API integrations authenticate with X-Api-Key alone.
    if (!req.routeOptions.config.endpoint || req.routeOptions.config.endpoint.roles === 'api_key') return;
    const signature = header(req.headers[SIGNATURE_HEADER]).toLowerCase();
    if (!signature) {
      if (required) throw badRequest('signature', 'Request signature is required');
      return;
    }
    const timestamp = header(req.headers[TIMESTAMP_HEADER]);
    if (!/^\d{10,16}$/.test(timestamp) || Math.abs(Date.now() - Number(timestamp)) > SIGNATURE_WINDOW_MS) {
      throw badRequest('signature', 'Request timestamp is missing or outside the allowed window');
    }
    const body = req.method === 'GET' || req.method === 'HEAD' ? '' : (req.rawBody ?? '');
    const expected = sha256Hex(timestamp + tokenOf(req) + body);
    if (signature.length !== expected.length || !timingSafeEqual(Buffer.from(signature), Buffer.from(expected))) {
      throw badRequest('signature', 'Request signature is invalid');
    }
    const { rowCount } = await db.execute(
      sql`insert into request_signatures (signature) values (${signature}) on conflict do nothing`,
    );
    if (rowCount === 0) throw badRequest('signature', 'Request signature was already used');
  });
});

export const pruneSignatures = (db: Db) =>
  db.execute(
    sql`delete from request_signatures where created_at < now() - make_interval(secs => ${(2 * SIGNATURE_WINDOW_MS) / 1000})`,
  );
