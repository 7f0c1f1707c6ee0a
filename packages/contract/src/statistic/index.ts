export * from './statistic.schemas.ts';
export * as statisticApi from './statistic.endpoints.ts';
export * from './dashboard.schemas.ts';
export * as dashboardApi from './dashboard.endpoints.ts';
