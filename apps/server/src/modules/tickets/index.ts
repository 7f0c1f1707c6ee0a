// The public entry of the tickets module: what code outside it may import (docs/architecture.md, "Dependencies
// point one way"). Its other files are its own.
export { removeStaleUploads } from './tickets.attachments.ts';
export { ticketsRoutes } from './tickets.routes.ts';
