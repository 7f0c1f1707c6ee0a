export * from './auth.schemas.ts';
export * as authApi from './auth.endpoints.ts';
