import { defineEndpoint } from '../access/endpoint.ts';
import { ADMIN_ROLES } from '../access/roles.ts';
import * as s from './documents.schemas.ts';

export const get = defineEndpoint({
  method: 'GET',
  path: '/api/settings/v1/documents',
  summary: 'The texts of the public documents (Markdown)',
  roles: ADMIN_ROLES,
  response: s.documentsSchema,
});
export const put = defineEndpoint({
  method: 'PUT',
  path: '/api/settings/v1/documents',
  summary: 'Change the texts of the public documents (audited)',
  roles: ADMIN_ROLES,
  body: s.documentsSchema,
  response: s.documentsSchema,
});
/** The sign-up form links to these, so anyone reads them before signing in. */
export const getPublic = defineEndpoint({
  method: 'GET',
  path: '/api/settings/v1/documents/:name',
  summary: 'One public document, rendered',
  roles: 'public',
  params: s.documentParamsSchema,
  response: s.publicDocumentSchema,
});
