// The public entry of the account module: what code outside it may import (docs/architecture.md, "Dependencies
// point one way"). Its other files are its own.
export { actorOf } from './account.guard.ts';
export { accountRoutes } from './account.routes.ts';
export { type ApiKeyResolver, createApiKeyResolver } from './api-keys.service.ts';
export { checkSecondFactor, type SecondFactor } from './second-factor.ts';
