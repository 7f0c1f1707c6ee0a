// The public entry of the backups module: what code outside it may import (docs/architecture.md, "Dependencies
// point one way"). Its other files are its own.
export { backupsRoutes } from './backups.routes.ts';
export { startBackupJobs } from './backups.jobs.ts';
export { lastBackup } from './backups.repository.ts';
