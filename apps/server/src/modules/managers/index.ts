// The public entry of the managers module: what code outside it may import (docs/architecture.md, "Dependencies
// point one way"). Its other files are its own.
export { managersRoutes } from './managers.routes.ts';
