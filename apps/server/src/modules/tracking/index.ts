// The public entry of the tracking module: what code outside it may import (docs/architecture.md, "Dependencies
// point one way"). Its other files are its own.
export { type ClickRow, writeClicks } from './click-store.ts';
export { clickRoutes } from './click.routes.ts';
export { type Clicks, startClicks } from './clicks.ts';
export {
  conversionKey,
  foldRollups,
  rollUpConversion,
  rollUpConversions,
  type RollupKey,
  statusDelta,
} from './conversion-rollup.ts';
export { conversionsRoutes } from './conversions.routes.ts';
export { FRAUD_STATUS, fraudEntry, scoreConversion } from './conversion-fraud.ts';
export { goalMoney, moneyOf, setConversionStatus } from './conversions.service.ts';
export { setConversionStatuses } from './conversion-statuses.ts';
export { postbackRoutes } from './postback.routes.ts';
export { loadConversion } from './staff-conversions.service.ts';
export { startHoldJob } from './tracking.jobs.ts';
export { countryOf, parseAgent } from './visitor.ts';

// Used only by tests and benchmarks outside the module.
export type { ClickWriter } from './click-writer.ts';
export { approveDueConversions } from './hold-job.ts';
export { readPostbackContext } from './postback-sql.ts';
