export * from './tracking.schemas.ts';
export * as trackingApi from './tracking.endpoints.ts';
