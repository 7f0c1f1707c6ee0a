export * from './notifications.schemas.ts';
export * as notificationsApi from './notifications.endpoints.ts';
