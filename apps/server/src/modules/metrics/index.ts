// The public entry of the metrics module: what code outside it may import (docs/architecture.md, "Dependencies
// point one way"). Its other files are its own.
export { metricsRoutes } from './metrics.routes.ts';
