export * from './reconciliation.schemas.ts';
export * as reconciliationApi from './reconciliation.endpoints.ts';
export * from './reconciliation-match.schemas.ts';
export * as reconciliationMatchApi from './reconciliation-match.endpoints.ts';
export * from './reconciliation-apply.schemas.ts';
export * as reconciliationApplyApi from './reconciliation-apply.endpoints.ts';
