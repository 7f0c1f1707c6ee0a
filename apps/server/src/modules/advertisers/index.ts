// The public entry of the advertisers module: what code outside it may import (docs/architecture.md, "Dependencies
// point one way"). Its other files are its own.
export { advertisersRoutes } from './advertisers.routes.ts';
export { hashPostbackToken, issuePostbackToken } from './postback-token.ts';
export { sandboxRulesOf, templateOf } from './products.service.ts';

// Used only by tests and benchmarks outside the module.
export { postbackTokenColumns } from './postback-token.ts';
