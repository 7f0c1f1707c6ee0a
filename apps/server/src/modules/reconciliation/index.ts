// The public entry of the reconciliation module (docs/architecture.md, "Dependencies point one way").
export { reconciliationRoutes } from './reconciliation.routes.ts';
export { reconciliationMatchRoutes } from './match.routes.ts';
export { reconciliationApplyRoutes } from './apply.routes.ts';
export { reconciliationReportRoutes } from './report.routes.ts';
export { classifyImport } from './match.service.ts';
export { createImport } from './reconciliation.service.ts';

// For tests and benchmarks only.
export { applyImport } from './apply.service.ts';
export { readReportFile } from './report-file.ts';
export { normaliseRow } from './report-rows.ts';
