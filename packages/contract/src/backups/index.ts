export * from './backups.schemas.ts';
export * as backupsApi from './backups.endpoints.ts';
