// The public entry of the constants module: what code outside it may import (docs/architecture.md, "Dependencies
// point one way"). Its other files are its own.
export { constantsRoutes } from './constants.routes.ts';
