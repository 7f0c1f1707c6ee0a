import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import type { SandboxProducts } from './product-cache.ts';
import {
  findAutologinLead,
  findLead,
  receiveLead,
  sandboxBuyer,
  statusesPage,
  type SandboxAnswer,
  type SandboxBuyer,
} from './sandbox.service.ts';

type Params = { product: string; affLeadId?: string; id?: string };

/**
 * The sandbox buyer's API, outside /api: it is not the panel's API but a stand-in for a broker's CRM, called by
 * products of the sandbox type through {panel_url}. Authenticated by X-Sandbox-Key = the product's api_key credential.
 */
export const sandboxRoutes = async (
  app: FastifyInstance,
  deps: AppDeps & { services: { sandboxProducts: SandboxProducts } },
) => {
  // Form-encoded pushes too, for templates switched to body_format form (scoped to these routes).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  const buyers = deps.services.sandboxProducts;
  const send = (reply: FastifyReply, answer: SandboxAnswer) => reply.code(answer.code).send(answer.body);
  const guarded =
    (handle: (buyer: SandboxBuyer, req: FastifyRequest<{ Params: Params }>) => Promise<SandboxAnswer>) =>
    async (req: FastifyRequest<{ Params: Params }>, reply: FastifyReply) => {
      const key = req.headers['x-sandbox-key'];
      const buyer = await sandboxBuyer(buyers, req.params.product, (Array.isArray(key) ? key[0] : key) ?? '');
      if ('code' in buyer) return send(reply, buyer);
      return send(reply, await handle(buyer, req));
    };

  app.post(
    '/sandbox/v1/:product/leads',
    guarded((buyer, req) => receiveLead(deps, buyer, req.body)),
  );
  app.get(
    '/sandbox/v1/:product/leads/:affLeadId',
    guarded((buyer, req) => findLead(deps, buyer, req.params.affLeadId!)),
  );
  app.get(
    '/sandbox/v1/:product/statuses',
    guarded((buyer, req) => statusesPage(deps, buyer, req.query as Record<string, string | undefined>)),
  );

  // Where the autologin URL leads: the "broker's" logged-in page, opened by the lead in a browser (no key).
  app.get<{ Params: Params }>('/sandbox/v1/:product/autologin/:id', async (req, reply) => {
    const lead = await findAutologinLead(deps, req.params.product, req.params.id!);
    if (!lead) return reply.code(404).type('text/plain').send('Unknown lead');
    return reply
      .type('text/html; charset=utf-8')
      .send(`<!doctype html><title>Sandbox buyer</title><h1>Sandbox buyer</h1><p>Signed in as lead ${lead.id}.</p>`);
  });
};
