// The public entry of the landings module: what code outside it may import (docs/architecture.md, "Dependencies
// point one way"). Its other files are its own.
export { landingsRoutes } from './landings.routes.ts';
