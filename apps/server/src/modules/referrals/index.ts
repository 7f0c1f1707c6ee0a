// The public entry of the referrals module: what code outside it may import (docs/architecture.md, "Dependencies
// point one way"). Its other files are its own.
export { referralsRoutes } from './referrals.routes.ts';
export { referrerForSignup } from './referrals.service.ts';
