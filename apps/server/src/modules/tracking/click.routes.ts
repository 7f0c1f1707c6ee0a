import type { FastifyInstance, FastifyReply } from 'fastify';
import { trackingApi } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { positive, trackClick, type ClickQuery } from './click.service.ts';
import type { TrackingServices } from './clicks.ts';
import { simulateClick } from './simulate.ts';

const UNAVAILABLE =
  '<!doctype html><meta charset="utf-8"><title>Offer not available</title><p>This offer is not available.</p>';
const unavailable = (reply: FastifyReply) =>
  reply.code(404).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(UNAVAILABLE);

export const clickRoutes = async (app: FastifyInstance, { hotDb: db, services }: AppDeps & TrackingServices) => {
  const { clicks } = services;

  // The click link of docs/product/tracking.md. Not an /api route: any host that points here (the panel's or a tracking domain) serves it.
  app.get<{ Params: { offerId: string }; Querystring: ClickQuery }>('/click/:offerId', async (req, reply) => {
    const offerNumber = positive(req.params.offerId);
    if (!offerNumber) return unavailable(reply);
    const { location, cookie } = await trackClick(clicks, {
      offerNumber,
      query: req.query,
      ip: req.ip,
      headers: req.headers,
    });
    if (!location) return unavailable(reply);
    if (cookie) reply.header('set-cookie', cookie);
    return reply.code(302).header('cache-control', 'no-store').header('location', location).send();
  });

  registerEndpoint(app, trackingApi.simulateClick, ({ body, auth }) =>
    simulateClick(db, clicks.cache, clicks.slices, body, auth!.user.id),
  );
};
