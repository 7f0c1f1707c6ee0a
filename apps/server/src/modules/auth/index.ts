// The public entry of the auth module: what code outside it may import (docs/architecture.md, "Dependencies
// point one way"). Its other files are its own.
export { authRoutes } from './auth.routes.ts';
export { resolveSession, revokeImpersonations, revokeUserSessions } from './session.service.ts';

// Used only by tests and benchmarks outside the module.
export { createSession } from './session.service.ts';
