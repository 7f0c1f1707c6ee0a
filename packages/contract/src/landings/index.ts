export * from './landings.schemas.ts';
export * as landingsApi from './landings.endpoints.ts';
