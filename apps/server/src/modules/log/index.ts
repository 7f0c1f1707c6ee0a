// The public entry of the log module: what code outside it may import (docs/architecture.md, "Dependencies
// point one way"). Its other files are its own.
export { logRoutes } from './log.routes.ts';
