import type { FastifyInstance } from 'fastify';
import { coldApi } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { notFound } from '../../lib/errors.ts';
import { leadContactsFor } from '../../lib/lead-contacts.ts';
import { partnerScope } from '../../lib/scope.ts';
import { generalSettings } from '../settings/index.ts';
import { findRow, listDistributions, listSends } from './distributions.repository.ts';
import {
  createDistribution,
  distributionOptions,
  readDistribution,
  setDistributionStatus,
  updateDistribution,
} from './distributions.service.ts';
import type { ColdServices } from './distribution-runner.ts';

/**
 * Re-Cold API distributions (docs/product/cold-api.md): the panel's endpoints; they start, wake and stop this app's
 * runner, which sends on the hot pool like the lead API (docs/decisions/017-starvation-crash-lockout.md).
 */
export const coldDistributionsRoutes = async (app: FastifyInstance, deps: AppDeps & ColdServices) => {
  const { db } = deps;
  const runner = deps.services.coldRunner;
  const kick = (id: string) =>
    void runner.kick(id).catch((err) => app.log.warn({ err }, 'starting a distribution failed'));

  registerEndpoint(app, coldApi.listDistributions, async ({ auth, query }) => {
    const { time_zone } = await generalSettings.get(db);
    return listDistributions(db, query, partnerScope(auth!), time_zone);
  });
  registerEndpoint(app, coldApi.distributionOptions, ({ auth }) => distributionOptions(db, auth!));
  registerEndpoint(app, coldApi.createDistribution, async ({ auth, body, ip }) => {
    const made = await createDistribution(db, auth!, body, ip);
    kick(made.uuid);
    return made;
  });
  registerEndpoint(app, coldApi.getDistribution, ({ auth, params }) => readDistribution(db, auth!, params.uuid));
  registerEndpoint(app, coldApi.updateDistribution, async ({ auth, params, body, ip }) => {
    const updated = await updateDistribution(db, auth!, params.uuid, body, ip);
    runner.wake(params.uuid);
    return updated;
  });
  registerEndpoint(app, coldApi.setDistributionStatus, async ({ auth, params, body, ip }) => {
    const changed = await setDistributionStatus(db, auth!, params.uuid, body.status, ip);
    if (body.status === 'active') kick(params.uuid);
    else runner.wake(params.uuid);
    return changed;
  });
  registerEndpoint(app, coldApi.distributionSends, async ({ auth, params, query }) => {
    if (!(await findRow(db, params.uuid, partnerScope(auth!)))) throw notFound('Distribution');
    return listSends(db, params.uuid, query, leadContactsFor(auth));
  });
};
