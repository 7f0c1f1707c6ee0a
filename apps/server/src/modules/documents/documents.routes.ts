import type { FastifyInstance } from 'fastify';
import { documentsApi } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { readDocuments, readPublicDocument, saveDocuments } from './documents.service.ts';

/** The public documents' texts (docs/product/settings.md, "General"): edited by admin and head, read by anyone. */
export const documentsRoutes = async (app: FastifyInstance, { db }: AppDeps) => {
  registerEndpoint(app, documentsApi.get, () => readDocuments(db));
  registerEndpoint(app, documentsApi.put, ({ auth, body, ip }) => saveDocuments(db, auth!, body, ip));
  registerEndpoint(app, documentsApi.getPublic, ({ params }) => readPublicDocument(db, params.name));
};
