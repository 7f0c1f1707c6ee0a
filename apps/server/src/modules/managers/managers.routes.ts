import type { FastifyInstance } from 'fastify';
import { managersApi } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { getPerson, listPeople } from '../partners/index.ts';
import { listManagerOptions, managerKind } from './managers.repository.ts';
import { createManager, updateManager } from './managers.service.ts';

export const managersRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  const { db } = deps;
  registerEndpoint(app, managersApi.list, ({ auth, query }) => listPeople(deps, managerKind, auth!, query));
  registerEndpoint(app, managersApi.options, ({ auth }) => listManagerOptions(db, auth!));
  registerEndpoint(app, managersApi.get, ({ auth, params }) => getPerson(deps, managerKind, auth!, params.uuid));
  registerEndpoint(app, managersApi.create, ({ auth, body, ip }) => createManager(deps, auth!, body, { ip }));
  registerEndpoint(app, managersApi.update, ({ auth, params, body, ip }) =>
    updateManager(deps, auth!, params.uuid, body, { ip }),
  );
};
