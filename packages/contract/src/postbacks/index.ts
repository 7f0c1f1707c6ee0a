export * from './postbacks.schemas.ts';
export * as postbacksApi from './postbacks.endpoints.ts';
