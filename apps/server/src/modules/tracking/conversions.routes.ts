import type { FastifyInstance } from 'fastify';
import { conversionsApi } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { changeConversionStatus, loadConversion, overrideConversionFraud } from './staff-conversions.service.ts';

export const conversionsRoutes = async (app: FastifyInstance, { db }: AppDeps) => {
  registerEndpoint(app, conversionsApi.get, ({ auth, params }) => loadConversion(db, auth!, params.uuid));
  registerEndpoint(app, conversionsApi.changeStatus, ({ auth, params, body, ip }) =>
    changeConversionStatus(db, auth!, params.uuid, body, ip),
  );
  registerEndpoint(app, conversionsApi.fraudOverride, ({ auth, params, body, ip }) =>
    overrideConversionFraud(db, auth!, params.uuid, body, ip),
  );
};
