import type { FastifyInstance } from 'fastify';
import { reconciliationApplyApi } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { applyImport, importApplies } from './apply.service.ts';

/** Applying an import's rows and the list of its applies (docs/product/reconciliation.md, "Apply"). */
export const reconciliationApplyRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  registerEndpoint(app, reconciliationApplyApi.applyImport, ({ auth, params, body, ip }) =>
    applyImport(deps, auth!, params.uuid, body, ip),
  );
  registerEndpoint(app, reconciliationApplyApi.importApplies, ({ auth, params }) =>
    importApplies(deps, auth!, params.uuid),
  );
};
