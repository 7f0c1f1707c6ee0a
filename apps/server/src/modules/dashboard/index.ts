// The public entry of the dashboard module: what code outside it may import (docs/architecture.md, "Dependencies
// point one way"). Its other files are its own.
export { dashboardRoutes } from './dashboard.routes.ts';

// Used only by tests and benchmarks outside the module.
export { dashboardSummary } from './dashboard.service.ts';
