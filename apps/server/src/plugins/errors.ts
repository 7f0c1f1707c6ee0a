import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { fail, type ErrorMap } from '@pxl/contract';
import { AppError } from '../lib/errors.ts';
import { reportError } from '../lib/sentry.ts';

/** PostgreSQL's query_canceled: the panel pool's statement_timeout (db/open.ts) stopped a statement. Drizzle wraps it. */
const timedOut = (err: unknown) => {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  return e?.code === '57014' || e?.cause?.code === '57014';
};

const fieldOf = (instancePath: string, context: string | undefined) =>
  instancePath.replace(/^\//, '').replace(/\//g, '.') || context || 'request';

export const NOT_ALLOWED_CHARACTER = 'Contains a character that is not allowed';
export const PARAM_TOO_LONG = 'A path parameter is too long';

/** The sandbox buyer stands in for a broker's CRM and answers in its shape; everything else in the envelope. */
const bodyOf = (url: string, errors: ErrorMap) =>
  url.startsWith('/sandbox/') ? { success: false, error: Object.values(errors).join('; ') } : fail(errors);

/**
 * The router's own refusals, before any route or hook runs: a percent escape that decodes to no text (a lone
 * surrogate sent as raw bytes, `%zz`) and a path parameter over maxParamLength. Fastify would answer them as
 * `{error, code, message}`; they leave in the envelope like every other answer (docs/product/api-and-errors.md).
 */
export const frameworkErrors = (err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return reply.code(414).send(bodyOf(req.url, { request: PARAM_TOO_LONG }));
  if (err.code === 'FST_ERR_BAD_URL') return reply.code(400).send(bodyOf(req.url, { request: NOT_ALLOWED_CHARACTER }));
  req.log.error({ err }, 'router failed');
  return reply.code(500).send(bodyOf(req.url, { server: 'Server error. Please contact support.' }));
};

const CLIENT_ERRORS: Record<string, [number, string, ErrorMap]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', { request: 'The request took too long to arrive' }],
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', { request: 'The request headers are too large' }],
};

/** Node's HTTP parser refuses a request it cannot read (bad header bytes, a broken request line) before Fastify sees a URL. */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed || !socket.writable) return socket.destroy();
  const [status, text, errors] = CLIENT_ERRORS[err.code ?? ''] ?? [
    400,
    'Bad Request',
    { request: 'Malformed HTTP request' },
  ];
  const body = JSON.stringify(fail(errors));
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** One error shape for everything: `{status:'error', data:null, error:{key: message}}`; 5xx details only in the log. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) return reply.code(err.statusCode).send(bodyOf(req.url, err.errors));
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: Record<string, string> = {};
      for (const v of err.validation) {
        const key = fieldOf(v.instancePath, err.validationContext);
        errors[key] ??= v.message ?? 'Invalid value';
      }
      return reply.code(400).send(bodyOf(req.url, errors));
    }
    if (timedOut(err)) {
      req.log.warn({ err }, 'query over the statement timeout');
      return reply
        .code(503)
        .header('retry-after', '30')
        .send(fail({ query: 'The query took too long; narrow the period or filters' }));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: bad JSON, body too large, wrong content type.
      const message =
        err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'Unsupported content type'
          : err.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'Request body is too large'
            : err.message;
      return reply.code(status).send(bodyOf(req.url, { request: message }));
    }
    req.log.error({ err }, 'request failed');
    reportError(err);
    return reply.code(500).send(bodyOf(req.url, { server: 'Server error. Please contact support.' }));
  });
});
