export * from './documents.schemas.ts';
export * as documentsApi from './documents.endpoints.ts';
