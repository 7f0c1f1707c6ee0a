import type { onSendHookHandler } from 'fastify';
import type { Config } from '../config/config.ts';

/** Where the browser reports to Sentry: the origin of the DSN (https://key@o1.ingest.sentry.io/2 → https://o1.ingest.sentry.io). */
const sentryOrigin = (dsn: string | undefined) => {
  if (!dsn) return null;
  try {
    return new URL(dsn).origin;
  } catch {
    return null;
  }
};

/**
 * The panel's policy: scripts only from our own files, never inline (the runtime config is /app-config.js for this
 * reason). Styles may be inline because Mantine writes its CSS variables into style tags. Sentry, when a DSN is set,
 * needs its ingest origin and a blob worker for session replays. docs/decisions/015-outbound-and-headers.md
 */
export const contentSecurityPolicy = (config: Pick<Config, 'SENTRY_DSN'>) => {
  const sentry = sentryOrigin(config.SENTRY_DSN);
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${sentry ? ` ${sentry}` : ''}`,
    `worker-src 'self'${sentry ? ' blob:' : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
};

// HSTS without includeSubDomains: tracking domains may be subdomains of the panel's and served over plain HTTP.
const HSTS = 'max-age=31536000';

/** Headers of every answer. HSTS only over HTTPS (as the request reached the proxy, when proxies are trusted). */
export const securityHeaders = (config: Pick<Config, 'SENTRY_DSN'>): onSendHookHandler => {
  const csp = contentSecurityPolicy(config);
  return async (req, reply) => {
    reply
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'same-origin')
      .header('x-frame-options', 'DENY')
      .header('content-security-policy', csp);
    if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
  };
};
