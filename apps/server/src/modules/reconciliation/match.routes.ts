import type { FastifyInstance } from 'fastify';
import { reconciliationMatchApi } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { importRows, importSummary } from './match.service.ts';

/** An import's summary and classified rows (docs/product/reconciliation.md). */
export const reconciliationMatchRoutes = async (app: FastifyInstance, deps: AppDeps) => {
  registerEndpoint(app, reconciliationMatchApi.getImport, ({ auth, params }) =>
    importSummary(deps, auth!, params.uuid),
  );
  registerEndpoint(app, reconciliationMatchApi.importRows, ({ auth, params, query }) =>
    importRows(deps, auth!, params.uuid, query),
  );
};
