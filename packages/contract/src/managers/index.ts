export * from './managers.schemas.ts';
export * as managersApi from './managers.endpoints.ts';
