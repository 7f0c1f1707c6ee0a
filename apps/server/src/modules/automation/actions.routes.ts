import type { FastifyInstance } from 'fastify';
import { automationApi } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { listActionRows } from './actions.repository.ts';
import { undoAction } from './actions.service.ts';

/** The action log of the automation rules and its undo (docs/product/automation.md, "Actions and undo"). */
export const automationActionsRoutes = async (app: FastifyInstance, { db }: AppDeps) => {
  registerEndpoint(app, automationApi.listActions, ({ query }) => listActionRows(db, query));
  registerEndpoint(app, automationApi.undoAction, ({ auth, params, ip }) => undoAction(db, auth!, params.uuid, { ip }));
};
