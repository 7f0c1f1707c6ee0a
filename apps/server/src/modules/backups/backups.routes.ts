import type { FastifyInstance } from 'fastify';
import { backupsApi } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { backupDirOf, findRunningCluster } from './backup-source.ts';
import { findRecentRuns, toBackupRun } from './backups.repository.ts';
import { backupSettings, startBackup } from './backups.service.ts';

export const backupsRoutes = async (app: FastifyInstance, { db, config, mailer }: AppDeps) => {
  registerEndpoint(app, backupsApi.getSettings, () => backupSettings.get(db));
  registerEndpoint(app, backupsApi.putSettings, ({ body, auth, ip }) =>
    backupSettings.put(db, body, auth!.user.id, ip),
  );
  registerEndpoint(app, backupsApi.listRuns, async () => ({
    items: (await findRecentRuns(db)).map(toBackupRun),
    directory: backupDirOf(config),
    embedded: !config.DATABASE_URL || findRunningCluster(config.DATA_DIR) !== null,
  }));
  registerEndpoint(app, backupsApi.backUpNow, async () => {
    const started = await startBackup({ db, config, mailer }, 'manual');
    if (!started) throw new AppError(409, { backup: 'A backup is already running' });
    void started.done.catch((err: unknown) => app.log.error({ err }, 'backup'));
    return toBackupRun(started.run);
  });
};
