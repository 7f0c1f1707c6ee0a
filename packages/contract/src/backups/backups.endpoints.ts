import { defineEndpoint } from '../access/endpoint.ts';
import { ADMIN_ROLES } from '../access/roles.ts';
import { updateBodyOf } from '../http/update-body.ts';
import { backupRunSchema, backupRunsSchema, backupSettingsSchema } from './backups.schemas.ts';

export const getSettings = defineEndpoint({
  method: 'GET',
  path: '/api/backups/v1/settings',
  summary: 'Schedule of backups: on or off, time of day (UTC) and how many to keep',
  roles: ADMIN_ROLES,
  response: backupSettingsSchema,
});

export const putSettings = defineEndpoint({
  method: 'PUT',
  path: '/api/backups/v1/settings',
  summary: 'Change the schedule of backups (audited)',
  roles: ADMIN_ROLES,
  body: updateBodyOf(backupSettingsSchema),
  response: backupSettingsSchema,
});

export const listRuns = defineEndpoint({
  method: 'GET',
  path: '/api/backups/v1/runs',
  summary: 'The last backups with their result, newest first',
  roles: ADMIN_ROLES,
  response: backupRunsSchema,
});

/** Starts a backup at once and answers with its run (status `running`); the list shows how it ends. */
export const backUpNow = defineEndpoint({
  method: 'POST',
  path: '/api/backups/v1/runs',
  summary: 'Back up the embedded database now',
  roles: ADMIN_ROLES,
  response: backupRunSchema,
  errors: [409],
});
