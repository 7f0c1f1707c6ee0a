import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS from 'openapi-typescript';
import createClient from 'openapi-fetch';
import * as prettier from 'prettier';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { TestApp } from './harness.ts';
import type { Buyers } from '../src/modules/leads/buyers.fixtures.ts';
import { leadBody, startLeadWorld, type LeadWorld } from '../src/modules/leads/leads.fixtures.ts';
import type { operations, paths } from './openapi-client/lead-api.ts';

// docs/decisions/028-openapi.md: the integrators' part of the served document (lead API, click, postback) is
// generated into openapi-client/lead-api.ts and kept in the repository, so `npm run typecheck` compiles this file's
// use of it; this test regenerates it and fails when the server's document says something else. After a deliberate
// change: npx vitest run --project server apps/server/test/openapi-client.test.ts -u

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const CLIENT_FILE = path.join(here, 'openapi-client/lead-api.ts');
const INTEGRATOR_PATHS = /^\/(api\/lead\/|click\/|postback$)/;
const HEADER = `// Generated from /api/docs/json (the lead API, click and postback paths) by openapi-typescript;
// apps/server/test/openapi-client.test.ts regenerates it and compares (docs/decisions/028-openapi.md).
`;

let t: TestApp, w: LeadWorld, buyers: Buyers, stop: () => Promise<void>;
let doc: Record<string, any>;
let baseUrl: string;
beforeAll(async () => {
  ({ t, w, buyers, stop } = await startLeadWorld());
  doc = (await t.app.inject({ url: '/api/docs/json' })).json();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => stop?.());

const typesOf = async (document: Record<string, any>) => openapiTS(document as never);

describe('a TypeScript client generated from the served document', () => {
  it('is the one kept in the repository (regenerated from the server now)', async () => {
    const integrators = Object.fromEntries(Object.entries(doc.paths).filter(([p]) => INTEGRATOR_PATHS.test(p)));
    expect(Object.keys(integrators).sort()).toEqual(
      ['/api/lead/v1/check', '/api/lead/v1/create', '/api/lead/v1/statuses', '/click/{offerId}', '/postback'].sort(),
    );
    const source = HEADER + (await typesOf({ ...doc, paths: integrators }));
    const options = await prettier.resolveConfig(CLIENT_FILE);
    const formatted = await prettier.format(source, { ...options, filepath: CLIENT_FILE });
    await expect(formatted).toMatchFileSnapshot(CLIENT_FILE);
  });

  it('compiles for the whole document under the strict settings of the repository', async () => {
    const dir = path.join(root, '.tmp', `openapi-client-${process.pid}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'schema.ts'), await typesOf(doc));
    // A use of it, so a document whose types collapse to `never` or `any` fails to compile too.
    writeFileSync(
      path.join(dir, 'use.ts'),
      `import type { operations, paths } from './schema.ts';
type Lead = operations['createLead']['responses'][200]['content']['application/json']['data'];
type Offers = operations['listOffers']['responses'][200]['content']['application/json']['data'];
export const id: Lead['lead_id'] = 'x';
export const count: Offers['count'] = 1;
export type Paths = keyof paths;
// @ts-expect-error the lead API answers no 418
export type NoTeapot = operations['createLead']['responses'][418];
`,
    );
    writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: 'ES2023',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          allowImportingTsExtensions: true,
        },
        files: ['use.ts'],
      }),
    );
    const tsc = createRequire(import.meta.url)
      .resolve('typescript/package.json')
      .replace(/package\.json$/, 'bin/tsc');
    const run = spawnSync(process.execPath, [tsc, '-p', dir], { encoding: 'utf8' });
    rmSync(dir, { recursive: true, force: true });
    expect(run.stdout + run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('sends a lead, replays it with its Idempotency-Key, and reads the reason of a refusal, against the server', async () => {
    const buyer = buyers.add('accept');
    const offer = await w.offer([{ product_uuid: await w.product(buyer) }]);
    const client = createClient<paths>({ baseUrl, headers: { 'X-Api-Key': w.keyA } });
    const lead = leadBody(offer.id) as operations['createLead']['requestBody']['content']['application/json'];
    const key = `client-${offer.id}`;

    const first = await client.POST('/api/lead/v1/create', {
      body: lead,
      params: { header: { 'Idempotency-Key': key } },
    });
    expect(first.response.status, JSON.stringify(first.error)).toBe(200);
    const accepted = first.data!.data;
    expect(accepted.status).toBe('accepted');

    const replay = await client.POST('/api/lead/v1/create', {
      body: lead,
      params: { header: { 'Idempotency-Key': key } },
    });
    expect(replay.response.status).toBe(200);
    expect(replay.data!.data.lead_id).toBe(accepted.lead_id);
    expect(buyer.received).toHaveLength(1);

    // The same person again, without the key: a new request, refused as a duplicate.
    const again = await client.POST('/api/lead/v1/create', { body: lead });
    expect(again.response.status).toBe(409);
    expect(again.error!.error.reason).toBe('duplicate');

    // A country the offer does not take: the 422's reasons are an enum in the document, so a typo would not compile.
    const elsewhere = await client.POST('/api/lead/v1/create', {
      body: { ...leadBody(offer.id), country: 'US', phone: '+12025550143' } as typeof lead,
    });
    expect(elsewhere.response.status).toBe(422);
    const refusal = elsewhere.error as operations['createLead']['responses'][422]['content']['application/json'];
    const reason:
      | 'geo_not_allowed'
      | 'no_product_available'
      | 'cap_reached'
      | 'offer_not_active'
      | 'idempotency_key_reused'
      | 'fraud' = refusal.error.reason;
    expect(reason).toBe('geo_not_allowed');

    const check = await createClient<paths>({ baseUrl, headers: { 'X-Api-Key': 'not-a-key' } }).GET(
      '/api/lead/v1/check',
    );
    expect(check.response.status).toBe(401);
    expect(check.error!.error).toHaveProperty('api_key');
  });
});
