// The public entry of the cold-api module: what code outside it may import (docs/architecture.md, "Dependencies
// point one way"). Its other files are its own.
export { ColdRunner } from './distribution-runner.ts';
export { startColdDistributionJobs } from './distributions.jobs.ts';
export { coldDistributionsRoutes } from './distributions.routes.ts';
export { startColdAddJobs } from './lists.add-job.ts';
export { coldListsRoutes } from './lists.routes.ts';
export { coldRulesRoutes } from './rules.routes.ts';
