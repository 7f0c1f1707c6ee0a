import { z } from 'zod';
// Before the first parse, which is this module's at start: no eval probe under the panel's CSP.
import '@/lib/zod-without-eval.ts';

/** What the server writes into /app-config.js as window.__APP_CONFIG__. */
export const appConfigSchema = z.object({
  cookiePrefix: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,32}$/)
    .default('pxl'),
  sentryDsn: z.string().min(1).nullable().default(null),
  environment: z.string().min(1).default('development'),
  release: z.string().default('dev'),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

declare global {
  interface Window {
    __APP_CONFIG__?: unknown;
  }
}

/** Parses the raw config; a missing or broken one falls back to defaults so the panel still starts. */
export function parseAppConfig(raw: unknown): AppConfig {
  const parsed = appConfigSchema.safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  console.warn('Invalid window.__APP_CONFIG__, using defaults:', parsed.error.issues);
  return appConfigSchema.parse({});
}

export const appConfig: AppConfig = parseAppConfig(typeof window === 'undefined' ? undefined : window.__APP_CONFIG__);
