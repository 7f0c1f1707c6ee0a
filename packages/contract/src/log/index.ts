export * from './log.schemas.ts';
export * as logApi from './log.endpoints.ts';
