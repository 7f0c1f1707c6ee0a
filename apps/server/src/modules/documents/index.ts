// The public entry of the documents module: what code outside it may import (docs/architecture.md, "Dependencies
// point one way"). Its other files are its own.
export { documentsRoutes } from './documents.routes.ts';
