import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { LEAD_REFUSALS, fail, leadsApi } from '@pxl/contract';
import type { GroupCommitted } from '../../db/group-commit.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { CLAIM_RENEW_MS, claimKey, releaseKey, renewClaim, requestHash, storeAnswer, validKey } from './idempotency.ts';
import type { LeadCache } from './lead-cache.ts';
import type { LeadRuntime } from './lead-gate.ts';
import { startLeadRecovery } from './lead-recovery.ts';
import { releaseFraudLead } from './lead-release.ts';
import { leadStatusesOf } from './lead-statuses.ts';
import { refuse } from './lead-refusal.ts';
import type { KeyRateLimiter } from './rate-limiter.ts';
import { answerOf, submitLead } from './submit-lead.ts';
import { testOfferRouting } from './test-offer.ts';

const headerOf = (req: FastifyRequest, name: string) => {
  const raw = req.headers[name];
  return (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? '';
};

/** What the lead routes use of the app's runtime services (services.ts builds them, on the hot pool). */
export type LeadServices = {
  services: {
    leadCache: LeadCache;
    leadLimiter: KeyRateLimiter;
    clicks: { writer: { flush: () => Promise<void> } };
    groupCommit: Pick<GroupCommitted, 'db'>;
  };
};

/** The lead API (docs/product/leads.md, X-Api-Key) and Settings › Test API › Offer. */
export const leadsRoutes = async (app: FastifyInstance, panelDeps: AppDeps & LeadServices) => {
  // The lead API and everything it sets up (cache, routing, replays) use the hot pool, its single-statement writes
  // committed in groups with other requests' (docs/decisions/068-group-commit.md).
  const deps = { ...panelDeps, db: panelDeps.services.groupCommit.db };
  const { db } = deps;
  const { leadCache: cache, leadLimiter: limiter, clicks } = panelDeps.services;
  const runtime: LeadRuntime = { cache, flushClicks: () => clicks.writer.flush() };
  startLeadRecovery(app, deps, cache);

  // Before the body is validated, so a flood of bad requests is limited too. The auth hook has set req.apiKey.
  app.addHook('preValidation', async (req, reply) => {
    if (!req.apiKey) return;
    const wait = await limiter.hit(req.apiKey.id);
    if (wait) {
      reply.header('retry-after', String(wait));
      throw refuse(
        'rate_limited',
        `${LEAD_REFUSALS.rate_limited}: at most ${deps.config.LEAD_API_RATE_PER_MINUTE} a minute; retry in ${wait} s`,
      );
    }
  });

  // Integrations read error.reason: schema validation here says 'validation' next to the per-field messages.
  app.setErrorHandler((err: FastifyError, _req, reply) => {
    if (!hasZodFastifySchemaValidationErrors(err)) throw err;
    const errors: Record<string, string> = { reason: 'validation', message: LEAD_REFUSALS.validation };
    for (const v of err.validation) {
      const key = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || err.validationContext || 'request';
      errors[key] ??= v.message ?? 'Invalid value';
    }
    return reply.code(400).send(fail(errors));
  });

  registerEndpoint(app, leadsApi.createLead, async ({ auth, body, req }) => {
    const apiKey = req.apiKey!;
    const run = async () => answerOf(await submitLead(deps, runtime, auth!.user, body, apiKey.id));
    const idem = headerOf(req, 'idempotency-key');
    if (!idem) return run();
    const scope = { apiKeyId: apiKey.id, key: validKey(idem) };
    const stored = await claimKey(db, scope, requestHash(body));
    if (stored) {
      if (stored.statusCode === 200) return stored.body as Awaited<ReturnType<typeof run>>;
      // jsonb keeps keys in its own order: the refusal's come back in the order first sent.
      const { reason, message, ...rest } = stored.body as Record<string, string>;
      throw new AppError(stored.statusCode, reason ? { reason, message, ...rest } : rest);
    }
    const renewing = setInterval(() => void renewClaim(db, scope).catch(() => {}), CLAIM_RENEW_MS);
    try {
      const data = await run();
      await storeAnswer(db, scope, { statusCode: 200, body: data });
      return data;
    } catch (err) {
      // A refusal is the answer to replay; a server error is not, and the client's retry must run again.
      if (err instanceof AppError) await storeAnswer(db, scope, { statusCode: err.statusCode, body: err.errors });
      else await releaseKey(db, scope).catch(() => {});
      throw err;
    } finally {
      clearInterval(renewing);
    }
  });

  registerEndpoint(app, leadsApi.leadStatuses, ({ auth, query }) => leadStatusesOf(db, auth!.user.id, query));
  registerEndpoint(app, leadsApi.releaseFraudLead, ({ auth, params, ip }) =>
    releaseFraudLead(deps, cache, auth!, params.uuid, ip),
  );
  registerEndpoint(app, leadsApi.testOffer, ({ auth, body, ip }) =>
    testOfferRouting(panelDeps, runtime, body, { actorId: auth!.user.id, ip }),
  );
};
