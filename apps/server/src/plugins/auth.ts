import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AUTH_HEADER, canCall, type Endpoint } from '@pxl/contract';
import type { Db } from '../db/client.ts';
import { AppError, forbidden, unauthorized } from '../lib/errors.ts';
import type { AuthContext } from '../lib/auth-context.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
    /** The X-Api-Key used, on 'api_key' endpoints only (req.auth is then its owner). */
    apiKey: { id: string; name: string } | null;
  }
  interface FastifyContextConfig {
    endpoint?: Endpoint;
  }
}

export const API_KEY_HEADER = 'x-api-key';

const headerOf = (req: FastifyRequest, name: string) => {
  const raw = req.headers[name];
  return (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? '';
};

export const tokenOf = (req: FastifyRequest) => headerOf(req, AUTH_HEADER.toLowerCase()).replace(/^Bearer\s+/i, '');

const invalidApiKey = () => new AppError(401, { api_key: 'Invalid API key' });

/**
 * Resolves the caller and enforces the endpoint's declared roles. Session endpoints: 401 without a session, 403 with the
 * wrong role. 'api_key' endpoints take only X-Api-Key (a session token there is ignored, so a leaked browser token cannot
 * drive the lead API, and a key is never looked up as a session).
 */
/** How a session token and an API key become a caller; the auth and account modules provide them (app.ts wires them). */
export type AuthResolvers = {
  resolveSession: (db: Db, token: string) => Promise<AuthContext | null>;
  resolveApiKey: (key: string) => Promise<{ auth: AuthContext; apiKey: { id: string; name: string } } | null>;
};

/** API keys are resolved on the hot pool (services.ts): the lead API must not wait behind the panel's queries. */
export const authPlugin = fp(
  async (app: FastifyInstance, { db, resolveSession, resolveApiKey }: { db: Db } & AuthResolvers) => {
    app.decorateRequest('auth', null);
    app.decorateRequest('apiKey', null);
    app.addHook('onRequest', async (req) => {
      const endpoint = req.routeOptions.config.endpoint;
      if (!endpoint) return;
      if (endpoint.roles === 'api_key') {
        const key = headerOf(req, API_KEY_HEADER);
        const found = key ? await resolveApiKey(key) : null;
        if (!found) throw invalidApiKey();
        req.auth = found.auth;
        req.apiKey = found.apiKey;
        return;
      }
      const token = tokenOf(req);
      req.auth = token ? await resolveSession(db, token) : null;
      if (endpoint.roles === 'public') return;
      if (!req.auth) throw unauthorized(token ? 'Your session has expired. Please log in.' : undefined);
      if (!canCall(endpoint, req.auth.user.role)) throw forbidden();
    });
  },
);
