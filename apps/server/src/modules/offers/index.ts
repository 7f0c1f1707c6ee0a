// The public entry of the offers module: what code outside it may import (docs/architecture.md, "Dependencies
// point one way"). Its other files are its own.
export { decideAccessRequest } from './offers.access.ts';
export { capCount, capFills, capRowColumns, type CapRow } from './offers.figures.ts';
export { offersRoutes } from './offers.routes.ts';
