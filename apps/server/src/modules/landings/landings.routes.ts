import type { FastifyInstance } from 'fastify';
import { landingsApi } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { generalSettings } from '../settings/index.ts';
import { findLanding, landingOptions, listLandings } from './landings.repository.ts';
import { changeLandingStatus, createLanding, updateLanding } from './landings.service.ts';

/** Landings are network-wide records (no partner scope): admin and head manage them, offer editors pick from them. */
export const landingsRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  const { db } = deps;
  registerEndpoint(app, landingsApi.list, async ({ query }) => {
    const { time_zone } = await generalSettings.get(db);
    return listLandings(db, query, time_zone);
  });
  registerEndpoint(app, landingsApi.options, async () => ({ list: await landingOptions(db) }));
  registerEndpoint(app, landingsApi.get, async ({ params }) => {
    const found = await findLanding(db, params.uuid);
    if (!found) throw notFound('Landing');
    return found;
  });
  registerEndpoint(app, landingsApi.create, ({ auth, body, ip }) => createLanding(deps, auth!, body, { ip }));
  registerEndpoint(app, landingsApi.update, ({ auth, params, body, ip }) =>
    updateLanding(deps, auth!, params.uuid, body, { ip }),
  );
  registerEndpoint(app, landingsApi.changeStatus, ({ auth, params, body, ip }) =>
    changeLandingStatus(deps, auth!, params.uuid, body, { ip }),
  );
};
