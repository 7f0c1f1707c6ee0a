import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ok, successEnvelopeSchema, type Endpoint } from '@pxl/contract';
import type { AuthContext } from './auth-context.ts';

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

export type EndpointContext<E extends Endpoint> = {
  body: E extends Endpoint<infer B, any, any, any> ? Out<B> : never;
  query: E extends Endpoint<any, infer Q, any, any> ? Out<Q> : never;
  params: E extends Endpoint<any, any, infer P, any> ? Out<P> : never;
  auth: AuthContext | null;
  ip: string;
  userAgent: string;
  req: FastifyRequest;
  reply: FastifyReply;
};

type Handler<E extends Endpoint> = (ctx: EndpointContext<E>) => Promise<z.output<E['response']>>;

/** Register a contract endpoint: schemas from the contract, roles enforced by the auth plugin via route config. */
export const registerEndpoint = <E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: Handler<E>) => {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    // GET endpoints such as logout change state; an implicit HEAD twin would run them too.
    exposeHeadRoute: false,
    url: endpoint.path,
    config: { endpoint },
    schema: {
      // Its summary, id, tags, security, headers and refusals are documented from config.endpoint (openapi/document.ts).
      ...(endpoint.body && { body: endpoint.body }),
      ...(endpoint.query && { querystring: endpoint.query }),
      ...(endpoint.params && { params: endpoint.params }),
      response: { 200: successEnvelopeSchema(endpoint.response) },
    },
    handler: async (req, reply) => {
      const data = await handler({
        body: req.body,
        query: req.query,
        params: req.params,
        auth: req.auth,
        ip: req.ip,
        userAgent: req.headers['user-agent'] ?? '',
        req,
        reply,
      } as EndpointContext<E>);
      return ok(data);
    },
  });
};

export type AuthedContext<E extends Endpoint> = EndpointContext<E> & { auth: AuthContext };
