import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { httpDuration, httpRequests, statusClass, type RequestArea } from '../lib/metrics.ts';

export const REQUEST_ID_HEADER = 'x-request-id';
// A proxy's or caller's id is kept when it is a plain token; anything else (spaces, quotes, newlines, long) is replaced.
const SANE_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** Fastify's genReqId: the caller's X-Request-Id when sane, else a new uuid. It labels every log line of the request. */
export const requestIdOf = (req: IncomingMessage) => {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE_ID.test(given) ? given : randomUUID();
};

/** The request metrics' area of a route pattern (docs/operations.md, "Metrics and alarms"). */
export const areaOf = (route: string | undefined): RequestArea => {
  if (!route) return 'other';
  if (route.startsWith('/click/')) return 'click';
  if (route === '/postback') return 'postback';
  if (route.startsWith('/api/lead/')) return 'lead_api';
  if (route.startsWith('/api/')) return 'panel';
  return 'other';
};

/**
 * One JSON line per completed request instead of Fastify's two (incoming, completed): method, URL (through the
 * redacting `req` serializer, lib/log-redaction.ts), status and time, with the request's id as `reqId` like every other
 * line the request writes through `req.log`.
 */
export class RequestLog extends LogController {
  override incomingRequest() {}
  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply) {
    const line = { req, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime };
    if (error) req.log.error({ ...line, err: error }, 'request errored');
    else req.log.info(line, 'request completed');
  }
}

const countRequest = (req: FastifyRequest, reply: FastifyReply, done: () => void) => {
  const labels = { area: areaOf(req.routeOptions.url), status_class: statusClass(reply.statusCode) };
  httpRequests.inc(labels);
  httpDuration.observe(labels, reply.elapsedTime / 1000);
  done();
};

/**
 * Each request's id in the X-Request-Id answer header, and the request metrics. Hooks without awaits: the click path
 * pays a header and two increments.
 */
export const addRequestHooks = (app: FastifyInstance) => {
  app.addHook('onRequest', (req, reply, done) => {
    reply.header(REQUEST_ID_HEADER, req.id);
    done();
  });
  app.addHook('onResponse', countRequest);
};
