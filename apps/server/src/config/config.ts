import { isIP } from 'node:net';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const isProxy = (p: string) => {
  const [address, bits, extra] = p.split('/');
  const family = isIP(address);
  return (
    !!family &&
    extra === undefined &&
    (bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128)))
  );
};
/**
 * Which X-Forwarded-For hops to believe (it feeds rate limits, the audit log and click IPs): false = none, the socket's
 * address; true = one hop; a number of hops; or a comma list of proxy addresses and CIDRs. Never "any".
 */
const trustProxy = z.string().transform((raw, ctx) => {
  const v = raw.trim().toLowerCase();
  if (v === 'false') return 0;
  if (v === 'true') return 1;
  if (/^\d{1,2}$/.test(v)) return Number(v);
  const list = v
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (list.length && list.every(isProxy)) return list;
  ctx.addIssue({
    code: 'custom',
    message: 'Use false, true (one hop), a hop count, or a comma list of proxy addresses/CIDRs',
  });
  return z.NEVER;
});

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Server processes sharing PORT (node's cluster module); the embedded database is started once (docs/scaling.md). */
  WORKERS: z.coerce.number().int().min(1).max(16).default(1),
  DATABASE_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Where backups of the embedded database are written; DATA_DIR/backups when unset (docs/operations.md). */
  BACKUP_DIR: z.string().min(1).optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).max(128).optional(),
  REQUIRE_SIGNATURE: bool.optional(),
  PUBLIC_URL: z.url().optional(),
  COOKIE_PREFIX: z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,30}$/i)
    .default('pxl'),
  SENTRY_DSN: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: trustProxy.default(0),
  /** Panel and report statements stop after this; the hot paths' own pool has no limit (db/open.ts). */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(15_000),
  /** Postbacks, buyer calls and SMTP may reach private, loopback and link-local addresses (tests, closed networks). */
  ALLOW_PRIVATE_POSTBACK_TARGETS: bool.default(false),
  /** scrypt cost of password hashes as log2 N (17, OWASP's minimum for r=8, p=1); lower only under NODE_ENV=test. */
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).optional(),
  /** Lead API requests per API key per minute (in-process window). */
  LEAD_API_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(3000),
  SECRET_KEY: z.string().min(16, { message: 'SECRET_KEY must be at least 16 characters' }).optional(),
  /** A PEM file of extra certificate authorities the SMTP server's certificate may chain to (a private CA). */
  SMTP_CA_FILE: z.string().min(1).optional(),
  /** Where Telegram alerts go (the Bot API); a local server speaking it in tests (docs/product/automation.md). */
  TELEGRAM_API_BASE: z.url({ protocol: /^https?$/ }).default('https://api.telegram.org'),
  /** Bearer token of GET /metrics; unset = /metrics answers 404 (docs/decisions/048-metrics-and-readiness.md). */
  METRICS_TOKEN: z.string().min(16, { message: 'METRICS_TOKEN must be at least 16 characters' }).optional(),
  /** After SIGTERM, how long /readyz answers 503 while requests are still served; 5 s, 0 under NODE_ENV=test. */
  READY_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).optional(),
  /** Start-up loads the demo network (npm run demo sets it). */
  SEED_DEMO: bool.default(false),
  /** Set by npm from package.json's version: the release the web app reports its errors under ('dev' when unset). */
  npm_package_version: z.string().optional(),
});

export type Config = Omit<z.infer<typeof envSchema>, 'REQUIRE_SIGNATURE' | 'PASSWORD_HASH_COST'> & {
  REQUIRE_SIGNATURE: boolean;
  PASSWORD_HASH_COST: number;
};

export class ConfigError extends Error {}

/** The production scrypt cost, log2 N. */
export const PASSWORD_HASH_COST = 17;

/** Parse the environment once at start; a bad value stops start-up naming the variable. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  // Tests create and sign in many users: a cheap hash there only (docs/decisions/015-outbound-and-headers.md).
  if (c.PASSWORD_HASH_COST !== undefined && c.PASSWORD_HASH_COST < PASSWORD_HASH_COST && c.NODE_ENV !== 'test') {
    throw new ConfigError(
      `Invalid configuration:\n  PASSWORD_HASH_COST: at least ${PASSWORD_HASH_COST} outside NODE_ENV=test`,
    );
  }
  return {
    ...c,
    REQUIRE_SIGNATURE: c.REQUIRE_SIGNATURE ?? c.NODE_ENV === 'production',
    PASSWORD_HASH_COST: c.PASSWORD_HASH_COST ?? (c.NODE_ENV === 'test' ? 10 : PASSWORD_HASH_COST),
  };
};
