// The public entry of the news module: what code outside it may import (docs/architecture.md, "Dependencies
// point one way"). Its other files are its own.
export { newsRoutes } from './news.routes.ts';
