import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MAX_MINOR_AMOUNT, fail as failEnvelope, ok } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import type { Clicks, TrackingServices } from './clicks.ts';
import { CONVERSION_STATUSES, recordPostback, type ConversionStatus } from './conversions.service.ts';
import { insertInboundLog, readPostbackContext, type InboundLog } from './postback-sql.ts';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FIELDS = ['click_id', 'goal', 'status', 'revenue', 'txid', 'token'] as const;
type Params = Partial<Record<(typeof FIELDS)[number], string>>;

const fail = (status: number, field: string, message: string) => new AppError(status, { [field]: message });

/** GET query and POST body (form or JSON) are read alike; a value must be a single short string. */
const paramsOf = (req: FastifyRequest): Params => {
  const merged = {
    ...(req.query as object),
    ...(typeof req.body === 'object' && req.body ? (req.body as object) : {}),
  } as Record<string, unknown>;
  const out: Params = {};
  for (const f of FIELDS) {
    const v = merged[f];
    if (v === undefined || v === '') continue;
    if (typeof v !== 'string' && typeof v !== 'number') throw fail(400, f, 'Send one value');
    const text = String(v).trim().slice(0, 300);
    // A value of blanks is no value: status=' ' must default to pending, not reach the enum column as ''.
    if (text) out[f] = text;
  }
  return out;
};

/** "12.5" or "12.50" major units → 1250 minor units; anything else is refused, never guessed. */
export const parseAmount = (text: string): number | null => {
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) return null;
  const [whole, frac = ''] = text.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
};

const validate = (p: Params) => {
  const errors: Record<string, string> = {};
  if (!p.token) errors.token = 'The advertiser token is required';
  if (!p.click_id) errors.click_id = 'click_id is required';
  else if (!UUID_RE.test(p.click_id)) errors.click_id = 'Unknown click_id';
  if (p.status && !(CONVERSION_STATUSES as readonly string[]).includes(p.status))
    errors.status = `Use one of ${CONVERSION_STATUSES.join(', ')}`;
  const revenue = p.revenue === undefined ? undefined : parseAmount(p.revenue);
  if (revenue === null) errors.revenue = 'Use an amount such as 12.50';
  // A payout can be many times the revenue, and both are int4 columns.
  else if (revenue !== undefined && revenue > MAX_MINOR_AMOUNT) errors.revenue = `At most ${MAX_MINOR_AMOUNT / 100}`;
  if (p.txid && p.txid.length > 100) errors.txid = 'At most 100 characters';
  if (Object.keys(errors).length) throw new AppError(400, errors);
  return { revenue: revenue ?? undefined, status: (p.status ?? 'pending') as ConversionStatus };
};

/**
 * A click written a moment ago may still sit in this process's buffer, or in a batch that committed after this read
 * took its snapshot (the writer idle again by the time the read returns): store it, or read again, before giving up
 * on it. Without the second case, one of ten postbacks sent at once on a fresh click answered 404 on a busy machine.
 */
const contextOf = async (db: AppDeps['hotDb'], clicks: Clicks, token: string, clickId: string) => {
  const network = async () => (await clicks.cache.environment()).fraud;
  const settled = () => clicks.writer.written + clicks.writer.rejected;
  const before = settled();
  const ctx = await readPostbackContext(db, token, clickId, network);
  if (ctx.click || !ctx.advertiserId || !(clicks.writer.busy || settled() !== before)) return ctx;
  await clicks.writer.drain().catch(() => {});
  return readPostbackContext(db, token, clickId, network);
};

export const postbackRoutes = async (app: FastifyInstance, { services }: AppDeps & TrackingServices) => {
  const { clicks } = services;
  // The hot pool, with the postback's statements grouped with other requests' (docs/decisions/068-group-commit.md).
  const { db } = services.groupCommit;
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
  const timeZone = async () => (await clicks.cache.environment()).timeZone;
  const answer = (c: { id: string; status: string; flow: string }, created: boolean) =>
    ok({ conversion_id: c.id, status: c.status, flow: c.flow, created });

  // Inbound postbacks, advertiser → us (docs/product/tracking.md). The answer is sent only after the conversion and its log row are committed.
  const handle = async (req: FastifyRequest, reply: FastifyReply) => {
    const log: Omit<InboundLog, 'statusCode' | 'response'> = {
      advertiserId: null,
      offerId: null,
      affiliateId: null,
      conversionId: null,
      clickId: null,
      method: req.method,
      params: {},
      ip: req.ip,
    };
    try {
      const params = paramsOf(req);
      Object.assign(log, {
        clickId: params.click_id ?? null,
        params: { ...params, ...(params.token && { token: `${params.token.slice(0, 4)}…` }) },
      });
      const { revenue, status } = validate(params);
      const ctx = await contextOf(db, clicks, params.token!, params.click_id!);
      if (!ctx.advertiserId) throw fail(403, 'token', 'Invalid token');
      log.advertiserId = ctx.advertiserId;
      if (!ctx.click) throw fail(404, 'click_id', 'Unknown click_id');
      Object.assign(log, { offerId: ctx.click.offerId, affiliateId: ctx.click.affiliateId });
      const { response } = await recordPostback(db, {
        ctx,
        goal: params.goal,
        status,
        revenue,
        txid: params.txid ?? '',
        timeZone,
        answer,
        log,
      });
      return reply.code(200).send(response);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const response = failEnvelope(err.errors);
      // A refusal wrote nothing, so its log row stands alone.
      await insertInboundLog(db, { ...log, statusCode: err.statusCode, response }).catch(() => {});
      return reply.code(err.statusCode).send(response);
    }
  };
  app.get('/postback', handle);
  app.post('/postback', handle);
};
