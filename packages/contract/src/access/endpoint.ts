import type { z } from 'zod';
import type { Role } from './roles.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Refusals an endpoint's own work can answer beyond those of its kind (docs/product/api-and-errors.md). */
export type ErrorStatus = 401 | 403 | 404 | 409 | 422 | 429;

/**
 * One API endpoint as both sides see it. `roles: 'public'` needs no token;
 * `'api_key'` needs an affiliate's X-Api-Key header instead of a session;
 * otherwise the server refuses any role not listed (401 without a session, 403 with the wrong role).
 */
export type Endpoint<
  B extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  P extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> = {
  method: HttpMethod;
  path: string;
  summary: string;
  roles: 'public' | 'api_key' | readonly Role[];
  body?: B;
  query?: Q;
  params?: P;
  response: R;
  /** Request headers the handler reads; described in the OpenAPI only, the handler checks them itself. */
  headers?: z.ZodObject;
  /**
   * Statuses the handler itself can refuse with. Those of the endpoint's kind (validation, session, role, scope,
   * server) are added for every endpoint; docs/decisions/028-openapi.md.
   */
  errors?: readonly ErrorStatus[];
  /** The name clients know the call by; derived from method and path when absent (docs/decisions/028-openapi.md). */
  operationId?: string;
};

export const defineEndpoint = <
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
>(
  e: Endpoint<B, Q, P, R>,
) => e;

export type BodyOf<E> =
  E extends Endpoint<infer B, any, any, any> ? (B extends z.ZodType ? z.input<B> : undefined) : never;
export type QueryOf<E> =
  E extends Endpoint<any, infer Q, any, any> ? (Q extends z.ZodType ? z.input<Q> : undefined) : never;
export type ResponseOf<E> = E extends Endpoint<any, any, any, infer R> ? z.output<R> : never;

/** Session roles only: 'api_key' endpoints are reached with an X-Api-Key, never with a session. */
export const canCall = (endpoint: Pick<Endpoint, 'roles'>, role: Role | null): boolean =>
  endpoint.roles === 'public' || (Array.isArray(endpoint.roles) && role !== null && endpoint.roles.includes(role));
