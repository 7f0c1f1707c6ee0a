// The public entry of the postbacks module: what code outside it may import (docs/architecture.md, "Dependencies
// point one way"). Its other files are its own.
export { conversionPostbackUrl, DEFAULT_RETRY_DELAYS, fireLeadPostbacks, firePostbacks } from './outbound.service.ts';
export { loadOutbound } from './postback-logs.service.ts';
export { startPostbackJobs } from './postbacks.jobs.ts';
export { postbacksRoutes } from './postbacks.routes.ts';

// Used only by tests and benchmarks outside the module.
export { sendPostback } from './send-postback.ts';
