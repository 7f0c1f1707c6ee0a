// The public entry of the integrations module: what code outside it may import (docs/architecture.md, "Dependencies
// point one way"). Its other files are its own.
export { integrationsRoutes } from './integrations.routes.ts';
export { lookupLead } from './lookup.ts';
export { sandboxProducts, type SandboxProducts } from './product-cache.ts';
export { credentialsOf, loadProductContext, type ProductContext } from './product-context.ts';
export { type PulledStatus, PullError, pullStatuses } from './pull.ts';
export { PushSlots, pushSlotsFor, type WithPushSlots } from './push-slots.ts';
export { type LeadVars, pushLead, type PushOutcome } from './push.ts';
export { sandboxRoutes } from './sandbox.routes.ts';
export { selfUrlOf } from './self-url.ts';
export { maskSecrets } from './template.ts';
