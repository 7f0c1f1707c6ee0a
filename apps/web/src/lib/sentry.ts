import type { AppConfig } from '@/config/app-config.ts';
import { isAbortError, isApiError } from './http/api-error.ts';
import { isLocalHost } from './host-rules.ts';

/** HTTP 400–599 failures and cancelled requests are not reported (docs/product/api-and-errors.md). */
export function shouldReport(error: unknown): boolean {
  if (isAbortError(error)) return false;
  if (isApiError(error) && error.status >= 400 && error.status <= 599) return false;
  const name = (error as { name?: string } | null)?.name;
  return name !== 'AbortError' && name !== 'CanceledError';
}

/** Reporting is on only with a DSN and never on localhost (docs/product/api-and-errors.md). */
export const sentryWanted = (config: AppConfig, hostname: string): boolean =>
  Boolean(config.sentryDsn) && !isLocalHost(hostname);

type SentryModule = typeof import('@sentry/react');
let sentry: SentryModule | null = null;

/** The SDK is loaded only when reporting is on, so deployments without a DSN never download it. */
export async function initSentry(config: AppConfig, hostname: string = window.location.hostname): Promise<boolean> {
  if (!sentryWanted(config, hostname)) return false;
  const Sentry = await import('@sentry/react');
  Sentry.init({
    dsn: config.sentryDsn!,
    environment: config.environment,
    release: config.release,
    integrations: [Sentry.browserTracingIntegration(), Sentry.replayIntegration()],
    tracesSampleRate: 1.0,
    replaysSessionSampleRate: 0.1,
    replaysOnErrorSampleRate: 1.0,
    beforeSend: (event, hint) => (shouldReport(hint.originalException) ? event : null),
  });
  sentry = Sentry;
  return true;
}

export const reportError = (error: unknown): void => {
  if (sentry && shouldReport(error)) sentry.captureException(error);
};
