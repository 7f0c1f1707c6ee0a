import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AUTH_HEADER, canCall, type Endpoint } from '@pxl/contract';
import type { Db } from '../db/client.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { resolveSession, type AuthContext } from '../modules/auth/session.service.ts';

declare module 'fastify' {
  interface FastifyRequest { auth: AuthContext | null }
  interface FastifyContextConfig { endpoint?: Endpoint }
}

export const tokenOf = (req: FastifyRequest) => {
  const raw = req.headers[AUTH_HEADER.toLowerCase()];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? '';
  return value.replace(/^Bearer\s+/i, '');
};

/** Resolves the session and enforces the endpoint's declared roles: 401 without a session, 403 with the wrong role. */
export const authPlugin = fp(async (app: FastifyInstance, { db }: { db: Db }) => {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (req) => {
    const endpoint = req.routeOptions.config.endpoint;
    if (!endpoint) return;
    const token = tokenOf(req);
    req.auth = token ? await resolveSession(db, token) : null;
    if (endpoint.roles === 'public') return;
    if (!req.auth) throw unauthorized(token ? 'Your session has expired. Please log in.' : undefined);
    if (!canCall(endpoint, req.auth.user.role)) throw forbidden();
  });
});
