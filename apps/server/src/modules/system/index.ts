// The public entry of the system module: what code outside it may import (docs/architecture.md, "Dependencies
// point one way"). Its other files are its own.
export { startHeartbeat, type Heartbeat } from './heartbeat.ts';
export { systemRoutes } from './system.routes.ts';
