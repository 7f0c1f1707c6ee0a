// The public entry of the affiliates module: what code outside it may import (docs/architecture.md, "Dependencies
// point one way"). Its other files are its own.
export { affiliatesRoutes } from './affiliates.routes.ts';
