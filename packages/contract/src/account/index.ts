export * from './account.schemas.ts';
export * as accountApi from './account.endpoints.ts';
