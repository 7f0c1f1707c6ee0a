import { defineEndpoint } from '../access/endpoint.ts';
import { constantsSchema } from './constants.schema.ts';

export const all = defineEndpoint({
  method: 'GET',
  path: '/api/constant/v1/all',
  summary: 'Reference constants (public; clients cache them for 24 h)',
  roles: 'public',
  response: constantsSchema,
});
