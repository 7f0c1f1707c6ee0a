export * from './system.schemas.ts';
export * as systemApi from './system.endpoints.ts';
