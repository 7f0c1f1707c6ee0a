export * from './fraud.schemas.ts';
