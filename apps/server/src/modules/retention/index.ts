// The public entry of the retention module: what code outside it may import (docs/architecture.md, "Dependencies
// point one way"). Its other files are its own.
export { startRetentionJobs } from './retention.jobs.ts';
export { retentionRoutes } from './retention.routes.ts';
export { rawDataRetention } from './retention.service.ts';

// Used only by tests and benchmarks outside the module.
export { ensurePartitions, partitionName, periodStart } from './partitions.ts';
