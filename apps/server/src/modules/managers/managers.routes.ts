import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app.ts';

export const managersRoutes = async (_app: FastifyInstance, _deps: AppDeps) => {};
