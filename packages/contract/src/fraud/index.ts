export * from './fraud.schemas.ts';
export * from './fraud-settings.schemas.ts';
export * from './fraud-labels.ts';
export * as fraudApi from './fraud.endpoints.ts';
