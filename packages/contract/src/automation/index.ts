export * from './automation.schemas.ts';
export * as automationApi from './automation.endpoints.ts';
