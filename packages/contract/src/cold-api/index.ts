export * from './cold.schemas.ts';
export * as coldApi from './cold.endpoints.ts';
