export * from './affiliates.schemas.ts';
export * as affiliatesApi from './affiliates.endpoints.ts';
