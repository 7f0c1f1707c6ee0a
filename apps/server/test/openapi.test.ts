import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints } from '@pxl/contract/endpoints';
import { operationIdOf } from '../src/openapi/operation-id.ts';
import { unwrapLines } from '../src/openapi/guide.ts';
import { createTestApp, type TestApp } from './harness.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

let t: TestApp;
let doc: Record<string, any>;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://panel.example.test/' });
  const res = await t.app.inject({ url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(async () => {
  await t?.close();
});

const operations = () =>
  Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([url, item]) =>
    Object.entries(item)
      .filter(([m]) => METHODS.includes(m))
      .map(([method, op]) => ({ key: `${method.toUpperCase()} ${url}`, op })),
  );

/**
 * Warnings of Redocly's recommended ruleset that stay, each for the reason docs/decisions/028-openapi.md gives:
 * literal segments beside parameters (the router takes the literal first), a click that only redirects, and a licence without a public URL.
 */
const ACCEPTED_WARNINGS = (p: { ruleId: string; pointer: string }) =>
  p.ruleId === 'no-ambiguous-paths' ||
  (p.ruleId === 'operation-2xx-response' && p.pointer.startsWith('#/paths/~1click~1')) ||
  p.ruleId === 'info-license-strict';

describe('the served OpenAPI document', () => {
  it("passes Redocly's recommended ruleset offline, with only the warnings the decision record explains", () => {
    const dir = path.join(root, '.tmp', `openapi-lint-${process.pid}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(doc));
    const cli = createRequire(import.meta.url)
      .resolve('@redocly/cli/package.json')
      .replace(/package\.json$/, 'bin/cli.js');
    // Its own folder as cwd, so no redocly.yaml of the repository changes the rules; no telemetry, no update check.
    const run = spawnSync(
      process.execPath,
      [cli, 'lint', 'openapi.json', '--extends=recommended', '--format=json', '--max-problems=100000'],
      {
        cwd: dir,
        encoding: 'utf8',
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', CI: 'true' },
      },
    );
    rmSync(dir, { recursive: true, force: true });
    const report = JSON.parse(run.stdout) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
    };
    const problems = report.problems.map((p) => ({
      ruleId: p.ruleId,
      severity: p.severity,
      pointer: p.location[0]?.pointer ?? '',
      message: p.message,
    }));
    expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(problems.filter((p) => !ACCEPTED_WARNINGS(p))).toEqual([]);
    expect(report.totals.errors).toBe(0);
  });

  it('documents every contract endpoint once, with a unique verb-first operationId, a summary, a tag and security', () => {
    const ops = operations();
    const api = ops.filter((o) => o.key.split(' ')[1]!.startsWith('/api/'));
    expect(api).toHaveLength(allEndpoints.length);
    const ids = ops.map((o) => o.op.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    // The contract itself, so a new endpoint that would clash fails here even before it is registered.
    const contractIds = allEndpoints.map(operationIdOf);
    expect(contractIds.filter((id, i) => contractIds.indexOf(id) !== i)).toEqual([]);
    for (const { key, op } of ops) {
      expect(op.operationId, key).toMatch(/^[a-z]+[A-Z0-9][A-Za-z0-9]*$/);
      expect(op.summary, key).toBeTruthy();
      expect(op.security, key).toBeDefined();
      expect(op.tags, key).toHaveLength(1);
    }
  });

  it('names each operation after a verb, and tags it with a feature folder of the repository', () => {
    const verbs = new Set([
      'get',
      'list',
      'create',
      'update',
      'delete',
      'change',
      'check',
      'add',
      'remove',
      'build',
      'decide',
      'request',
    ]);
    const firstWords = new Set(operations().map(({ op }) => (op.operationId as string).match(/^[a-z]+/)![0]));
    // Every first word is a verb a reader knows: the fixed ones above or the action words of operation-id.ts.
    for (const w of firstWords)
      expect(
        verbs.has(w) ||
          /^(login|logout|register|reset|reveal|rotate|make|upload|duplicate|generate|preview|read|close|reopen|reply|resend|search|setup|enable|disable|test|track|send|open|post)$/.test(
            w,
          ),
        w,
      ).toBe(true);
    const folders = new Set([
      ...readdirSync(path.join(root, 'packages/contract/src')),
      ...readdirSync(path.join(root, 'apps/server/src/modules')),
      ...readdirSync(path.join(root, 'apps/web/src/features')),
      'health',
    ]);
    for (const { key, op } of operations()) expect(folders.has(op.tags[0]), `${key}: ${op.tags[0]}`).toBe(true);
  });

  it('says who may call what: the session, the lead API key, or nobody in particular', () => {
    const byKey = Object.fromEntries(operations().map((o) => [o.key, o.op]));
    expect(byKey['GET /api/offers/v1/list'].security).toEqual([{ session: [] }]);
    expect(byKey['POST /api/lead/v1/create'].security).toEqual([{ apiKey: [] }]);
    expect(byKey['POST /api/auth/v1/login'].security).toEqual([]);
    expect(byKey['GET /click/{offerId}'].security).toEqual([]);
    expect(doc.servers).toEqual([{ url: 'https://panel.example.test', description: 'This panel' }]);
  });

  it("lists the lead API's refusals with their reasons, its Idempotency-Key and the panel's signature headers", () => {
    const create = doc.paths['/api/lead/v1/create'].post;
    expect(Object.keys(create.responses)).toEqual([
      '200',
      '400',
      '401',
      '403',
      '409',
      '413',
      '415',
      '422',
      '429',
      '500',
    ]);
    const reasonOf = (status: string) =>
      create.responses[status].content['application/json'].schema.properties.error.properties.reason.enum;
    expect(reasonOf('422').sort()).toEqual(
      [
        'cap_reached',
        'fraud',
        'geo_not_allowed',
        'idempotency_key_reused',
        'no_product_available',
        'offer_not_active',
      ].sort(),
    );
    expect(reasonOf('429')).toEqual(['rate_limited']);
    expect(create.responses['429'].headers['Retry-After']).toBeDefined();
    expect(create.parameters.map((p: { name: string; in: string }) => `${p.in} ${p.name}`)).toEqual([
      'header Idempotency-Key',
    ]);
    const list = doc.paths['/api/offers/v1/list'].get;
    expect(
      list.parameters.filter((p: { in: string }) => p.in === 'header').map((p: { name: string }) => p.name),
    ).toEqual(['x-timestamp', 'x-signature']);
    expect(Object.keys(list.responses)).toEqual(expect.arrayContaining(['400', '401', '403', '500', '503']));
    const click = doc.paths['/click/{offerId}'].get;
    expect(click.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['offerId', 'aff', 'sub1', 'sub5']),
    );
    expect(Object.keys(doc.paths['/postback'])).toEqual(['get', 'post']);
  });
});

describe('the integration guide', () => {
  it('is served beside the reference as a page, with its sections and tables', async () => {
    const res = await t.app.inject({ url: '/api/docs/guide' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    for (const heading of [
      'Advertisers: the postback URL',
      'Affiliates: the tracking link',
      'Affiliates: the lead API',
    ])
      expect(res.body).toContain(heading);
    expect(res.body).toContain('<table>');
    expect(res.body).toContain('<code>{click_id}</code>');
    expect(res.body).not.toMatch(/<script/i);
  });

  it('joins wrapped lines of paragraphs and list items, and leaves tables and code as written', () => {
    const md = ['A line', 'wrapped.', '', '- item', '  goes on', '| a | b |', '|---|---|', '```', 'x', 'y', '```'];
    expect(unwrapLines(md.join('\n')).split('\n')).toEqual([
      'A line wrapped.',
      '',
      '- item goes on',
      '| a | b |',
      '|---|---|',
      '```',
      'x',
      'y',
      '```',
    ]);
  });
});
