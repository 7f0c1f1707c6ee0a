import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Endpoint } from '@pxl/contract';
import { errorResponsesOf, RETRY_AFTER_STATUSES } from './errors.ts';
import { headersOf, operationOf } from './operation.ts';
import { HIDDEN_ROUTES, OUTSIDE_ROUTES } from './outside-routes.ts';
import { fixNullable } from './nullable.ts';

type Transform = NonNullable<FastifyDynamicSwaggerOptions['transform']>;
type TransformInput = Parameters<Transform>[0];
type Schema = Record<string, unknown>;

/** Response entries the zod transform cannot read (no body, or a body described by hand): passed on as they are. */
const isPlain = (r: unknown) =>
  !!r && typeof r === 'object' && !('_zod' in r) && !('content' in r) && !('properties' in r);

const withZod = (input: TransformInput, schema: Schema) => {
  const response = (schema.response ?? {}) as Schema;
  const plain = Object.fromEntries(Object.entries(response).filter(([, r]) => isPlain(r)));
  const zodOnes = Object.fromEntries(Object.entries(response).filter(([, r]) => !isPlain(r)));
  const out = jsonSchemaTransform({ ...input, schema: { ...schema, response: zodOnes } } as never) as {
    schema: Schema;
    url: string;
  };
  return { ...out, schema: { ...out.schema, response: { ...(out.schema.response as Schema), ...plain } } };
};

/**
 * The operation of each route, from what the route was registered with: a contract endpoint (app.ts refuses an /api
 * route without one) gives its id, tags, security, headers and every refusal; the routes outside /api are described
 * in outside-routes.ts. docs/decisions/028-openapi.md
 */
export const documentRoute: Transform = (input) => {
  const { route, url } = input as TransformInput & {
    route: { method: string | string[]; config?: { endpoint?: Endpoint } };
  };
  const endpoint = route.config?.endpoint;
  const schema = (input.schema ?? {}) as Schema;
  if (endpoint) {
    return withZod(input, {
      ...schema,
      ...operationOf(endpoint),
      ...(headersOf(endpoint) && { headers: headersOf(endpoint) }),
      response: { ...successOf(schema.response as Schema | undefined), ...errorResponsesOf(endpoint) },
    });
  }
  const key = `${[route.method].flat()[0]} ${url}`;
  if (HIDDEN_ROUTES.has(key)) return { schema: { hide: true }, url };
  const outside = OUTSIDE_ROUTES[key];
  return outside ? withZod(input, { ...schema, ...outside }) : withZod(input, schema);
};

type Document = Record<string, any>;

/** The envelope of lib/endpoint.ts, or the bytes of a file. */
const successOf = (response: Schema | undefined) =>
  response?.[200]
    ? {
        200: {
          description: 'Done: the envelope with `data`.',
          content: { 'application/json': { schema: response[200] } },
        },
      }
    : FILE_RESPONSE;

/** A contract endpoint registered without a response schema answers a file's bytes (the logo, an attachment). */
const FILE_RESPONSE = {
  200: {
    description: "The file's bytes, with its own Content-Type.",
    content: { 'application/octet-stream': { schema: z.string().meta({ format: 'binary' }) } },
  },
};

const RETRY_AFTER = {
  description: 'Seconds to wait before trying again.',
  schema: { type: 'integer', minimum: 1 },
};

/** The whole document once built: where it is served, valid nullable forms, and Retry-After where it is sent. */
export const finishDocument =
  (publicUrl: string | undefined) =>
  (built: { openapiObject: Document } | { swaggerObject: Document }): Document => {
    const doc = fixNullable('openapiObject' in built ? built.openapiObject : built.swaggerObject) as Document;
    doc.servers = [{ url: publicUrl ? publicUrl.replace(/\/+$/, '') : '/', description: 'This panel' }];
    for (const item of Object.values(doc.paths ?? {}) as Document[]) {
      for (const op of Object.values(item) as Document[]) {
        for (const status of RETRY_AFTER_STATUSES) {
          const res = op.responses?.[status];
          if (res) res.headers = { 'Retry-After': RETRY_AFTER, ...res.headers };
        }
      }
    }
    return doc;
  };
