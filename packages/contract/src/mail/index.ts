export * from './mail.schemas.ts';
export * as mailApi from './mail.endpoints.ts';
