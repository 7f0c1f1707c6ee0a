import type { FastifyInstance } from 'fastify';
import { managersApi } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { generalSettings } from '../settings/settings.service.ts';
import { findManager, listManagerOptions, listManagers } from './managers.repository.ts';
import { createManager, updateManager } from './managers.service.ts';

export const managersRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  const { db } = deps;
  registerEndpoint(app, managersApi.list, async ({ auth, query }) => {
    const { time_zone } = await generalSettings.get(db);
    return listManagers(db, auth!, query, time_zone);
  });
  registerEndpoint(app, managersApi.options, ({ auth }) => listManagerOptions(db, auth!));
  registerEndpoint(app, managersApi.get, async ({ auth, params }) => {
    const found = await findManager(db, auth!, params.uuid);
    if (!found) throw notFound('Manager');
    return found;
  });
  registerEndpoint(app, managersApi.create, ({ auth, body, ip }) => createManager(deps, auth!, body, { ip }));
  registerEndpoint(app, managersApi.update, ({ auth, params, body, ip }) =>
    updateManager(deps, auth!, params.uuid, body, { ip }),
  );
};
