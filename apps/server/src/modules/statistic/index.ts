// The public entry of the statistic module: what code outside it may import (docs/architecture.md, "Dependencies
// point one way"). Its other files are its own.
export { addDays, daysBetween, periodSql, resolveRange, todayIn } from './report-period.ts';
export { chartReport, reportRows, totalsReport } from './report.service.ts';
export { statisticRoutes } from './statistic.routes.ts';

// Used only by tests and benchmarks outside the module.
export { generalReport, reportSource } from './report.service.ts';

// The report source (raw rows or rollups with one set of columns), for the automation rules' metrics.
export { sourceSql, type RawFraud, type SourceKind } from './report-source.ts';
