import type { FastifyInstance } from 'fastify';
import { paymentsApi } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { referralSummary } from './referrals.service.ts';

export const referralsRoutes = async (app: FastifyInstance, { db }: AppDeps) => {
  registerEndpoint(app, paymentsApi.referrals, ({ auth }) => referralSummary(db, auth!));
};
