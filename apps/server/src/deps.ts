import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config/config.ts';
import type { Db } from './db/client.ts';
import type { Jobs } from './jobs/jobs.ts';
import type { Mailer } from './lib/mailer.ts';
import type { Secrets } from './lib/secrets.ts';

// What every module's routes and services receive; it sits below the modules so none of them imports app.ts.
export type AppDeps = {
  /** The panel's pool, every statement bounded by DB_STATEMENT_TIMEOUT_MS; `hotDb` serves clicks, postbacks, the lead API and jobs. */
  db: Db;
  hotDb: Db;
  config: Config;
  mailer: Mailer;
  secrets: Secrets;
  jobs: Jobs;
  /** This server as it reaches itself ({panel_url} of integration templates): the listening port, else PUBLIC_URL. */
  selfUrl: () => string;
};
export type BuildOptions = {
  /** `hotDb` defaults to `db` (one pool), as tests and bench mostly run. */
  db: Db;
  hotDb?: Db;
  config: Config;
  mailer?: Mailer;
  distDir: string;
  logger?: FastifyServerOptions['logger'];
  /** Key material for secrets at rest; tests and bench pass a fixed one. */
  secretKey: string;
  /** Background jobs (pg-boss). Tests leave them off unless they need them, and shorten the retry delays. */
  jobs?: {
    start?: boolean;
    pollingIntervalSeconds?: number;
    postbackRetryDelays?: number[];
    mailRetryDelays?: number[];
  };
};
