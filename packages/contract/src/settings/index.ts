export * from './settings.schemas.ts';
export * as settingsApi from './settings.endpoints.ts';
