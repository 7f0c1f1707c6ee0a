import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { fail } from '@pxl/contract';
import { AppError } from '../lib/errors.ts';
import { reportError } from '../lib/sentry.ts';

/** PostgreSQL's query_canceled: the panel pool's statement_timeout (db/open.ts) stopped a statement. Drizzle wraps it. */
const timedOut = (err: unknown) => {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  return e?.code === '57014' || e?.cause?.code === '57014';
};

const fieldOf = (instancePath: string, context: string | undefined) =>
  instancePath.replace(/^\//, '').replace(/\//g, '.') || context || 'request';

/** One error shape for everything: `{status:'error', data:null, error:{key: message}}`; 5xx details only in the log. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) return reply.code(err.statusCode).send(fail(err.errors));
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: Record<string, string> = {};
      for (const v of err.validation) {
        const key = fieldOf(v.instancePath, err.validationContext);
        errors[key] ??= v.message ?? 'Invalid value';
      }
      return reply.code(400).send(fail(errors));
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
      return reply.code(status).send(fail({ request: message }));
    }
    req.log.error({ err }, 'request failed');
    reportError(err);
    return reply.code(500).send(fail({ server: 'Server error. Please contact support.' }));
  });
});
