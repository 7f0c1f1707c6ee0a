import * as Sentry from '@sentry/node';
import type { Config } from '../config/config.ts';

let enabled = false;

/** Error reporting only when a DSN is configured; client errors (4xx) are never reported. */
export const initSentry = (config: Config) => {
  if (!config.SENTRY_DSN) return;
  Sentry.init({ dsn: config.SENTRY_DSN, environment: config.NODE_ENV, tracesSampleRate: 1.0 });
  enabled = true;
};

export const reportError = (err: unknown) => {
  if (enabled) Sentry.captureException(err);
};
