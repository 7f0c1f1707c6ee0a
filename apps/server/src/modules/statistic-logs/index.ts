// The public entry of the statistic-logs module: what code outside it may import (docs/architecture.md, "Dependencies
// point one way"). Its other files are its own.
export { anyOf, searchOf } from './log-sql.ts';
export { statisticLogRoutes } from './statistic-logs.routes.ts';
