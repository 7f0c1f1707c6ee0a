import { z } from 'zod';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, type Endpoint } from '@pxl/contract';
import { operationIdOf } from './operation-id.ts';

/** Path areas whose feature folder has a longer name (the others are the folder's name already). */
const FOLDER_OF_AREA: Record<string, string> = { constant: 'constants', lead: 'leads' };

/** The feature an endpoint belongs to, by its path's area: `/api/offers/v1/list` → `offers`. */
export const tagOf = (path: string) => {
  const area = path.split('/')[2] ?? 'api';
  return FOLDER_OF_AREA[area] ?? area;
};

/** The schemes of app.ts: the session header, or an affiliate's key on the lead API. */
export const securityOf = (e: Pick<Endpoint, 'roles'>) =>
  e.roles === 'public' ? [] : e.roles === 'api_key' ? [{ apiKey: [] }] : [{ session: [] }];

// docs/product/api-and-errors.md, "Headers": required only where REQUIRE_SIGNATURE is on, checked whenever sent.
const signatureHeaders = z.object({
  [TIMESTAMP_HEADER]: z
    .string()
    .regex(/^\d{10,16}$/)
    .optional()
    .describe('Now, in milliseconds since 1970; within 5 minutes of the server clock. Sent with x-signature.'),
  [SIGNATURE_HEADER]: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional()
    .describe(
      'SHA-256 hex of x-timestamp + session token + the JSON body (empty for GET); each signature is accepted once. ' +
        'Required when the server runs with REQUIRE_SIGNATURE (the default in production).',
    ),
});

/** The headers a call sends besides its credential: the signature of panel calls, and those the endpoint reads. */
export const headersOf = (e: Endpoint) => {
  const signed = e.roles === 'api_key' ? {} : signatureHeaders.shape;
  const own = e.headers?.shape ?? {};
  return Object.keys(signed).length + Object.keys(own).length ? z.object({ ...signed, ...own }) : undefined;
};

/** The OpenAPI fields of an endpoint's operation that the route schema does not carry itself. */
export const operationOf = (e: Endpoint) => ({
  operationId: operationIdOf(e),
  summary: e.summary,
  tags: [tagOf(e.path)],
  security: securityOf(e),
});
