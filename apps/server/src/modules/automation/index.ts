// The public entry of the automation module: what code outside it may import (docs/architecture.md, "Dependencies
// point one way"). Its other files are its own.
export { automationRulesRoutes } from './rules.routes.ts';
export { automationActionsRoutes } from './actions.routes.ts';
export { startRuleEvaluation } from './evaluator.ts';
export { detectShaving, SHAVE_DEFAULTS } from './shave.ts';
export type { ShaveBucket, ShaveParams, ShaveSuspect } from './shave.ts';
export { findShaveSuspects } from './shave.repository.ts';
export { startShaveWatch } from './shave-watch.ts';
