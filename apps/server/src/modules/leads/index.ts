// The public entry of the leads module: what code outside it may import (docs/architecture.md, "Dependencies
// point one way"). Its other files are its own.
export { type Candidate, orderCandidates } from './candidates.ts';
export { LeadCache } from './lead-cache.ts';
export { type LeadRow, lockKey } from './lead-insert.ts';
export { generatePassword } from './lead-intake.ts';
export { leadsRoutes } from './leads.routes.ts';
export { createKeyRateLimiter, type KeyRateLimiter } from './rate-limiter.ts';
export { routeLead } from './waterfall.ts';
