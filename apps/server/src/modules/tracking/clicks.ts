import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { GroupCommitted } from '../../db/group-commit.ts';
import { ClickActionAudit, loadDatacenterRanges, VelocityCounter } from '../fraud/index.ts';
import { CapSlices } from './cap-slices.ts';
import { ClickCache } from './click-cache.ts';
import { ClickWriter } from './click-writer.ts';
import { foldRollups } from './conversion-rollup.ts';

/** Conversion changes reach the rollups within about this long (reports may lag conversions by up to 60 s). */
const FOLD_MS = 1000;

/**
 * The click path's state in this process, on the hot pool: the cached configuration (its listener's change
 * notifications also drop the lead, key and sandbox caches), the batched click writer and the leased cap slices.
 */
export type Clicks = {
  cache: ClickCache;
  writer: ClickWriter;
  slices: CapSlices;
  /** Clicks per IP in the last minute, counted in this process for the `ip_velocity` signal. */
  velocity: VelocityCounter;
  /** Clicks sent to trafficback for fraud, audited once a minute per offer and affiliate. */
  audit: ClickActionAudit;
  /** Stores every buffered click, folds the last rollups and gives back unspent cap slices (app close). */
  close: () => Promise<void>;
};

/** What the tracking routes use of the app's runtime services (services.ts builds them). */
export type TrackingServices = { services: { clicks: Clicks; groupCommit: Pick<GroupCommitted, 'db'> } };

/**
 * Nothing here waits on PostgreSQL nor on the data-centre ranges: the writer and the listener start on timers and the
 * ranges load in the background, in slices between requests; until they are in, no click is a data-centre click
 * (docs/decisions/034-start-under-load.md, docs/product/fraud.md).
 */
export const startClicks = (db: Db, log: FastifyBaseLogger): Clicks => {
  const cache = new ClickCache(db);
  const writer = new ClickWriter(db, log);
  const slices = new CapSlices(db, (err) => log.warn({ err }, 'leasing a click cap slice failed'));
  const audit = new ClickActionAudit(db, (err) => log.warn({ err }, 'auditing fraud trafficback failed'));
  writer.start();
  audit.start();
  void loadDatacenterRanges().catch((err) => log.warn({ err }, 'loading the data-centre IP ranges failed'));
  const folding = setInterval(
    () => void foldRollups(db, { log }).catch((err) => log.warn({ err }, 'folding rollups failed')),
    FOLD_MS,
  );
  folding.unref();
  void cache.listen((err) => log.warn({ err }, 'cache listener lost; reconnecting'));
  const close = async () => {
    clearInterval(folding);
    await writer.close();
    await audit.close().catch((err) => log.warn({ err }, 'auditing fraud trafficback at shutdown failed'));
    await foldRollups(db, { wait: true, log }).catch((err) => log.warn({ err }, 'folding rollups at shutdown failed'));
    await slices.close().catch((err) => log.warn({ err }, 'giving back cap slices failed'));
    await cache.close();
  };
  return { cache, writer, slices, velocity: new VelocityCounter(), audit, close };
};
