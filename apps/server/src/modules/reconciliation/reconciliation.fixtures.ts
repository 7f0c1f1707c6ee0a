// Test-only: the import calls of the reconciliation module, on the offers world (advA is managerA's, advB managerB's).
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { authHeader } from '#test/factories.ts';
import { api, type Member } from '../managers/staff.fixtures.ts';

export { startOfferWorld as startReconWorld, type OfferWorld as ReconWorld } from '../offers/offers.fixtures.ts';

type Part = { name: string; value: string } | { name: string; file: Buffer; filename: string };

/** A multipart/form-data body as a browser sends it. */
export const multipartBody = (parts: Part[]) => {
  const boundary = `----recon${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const head =
      'file' in p
        ? `Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: application/octet-stream`
        : `Content-Disposition: form-data; name="${p.name}"`;
    chunks.push(
      Buffer.from(`--${boundary}\r\n${head}\r\n\r\n`),
      'file' in p ? p.file : Buffer.from(p.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

export type UploadInput = {
  file: Buffer;
  filename?: string;
  advertiser: string;
  mapping?: unknown;
  period_from?: string;
  period_to?: string;
};

const send = async (app: FastifyInstance, url: string, m: Member, u: UploadInput, withPeriod: boolean) => {
  const parts: Part[] = [
    { name: 'advertiser_uuid', value: u.advertiser },
    ...(withPeriod
      ? [
          { name: 'period_from', value: u.period_from ?? '2026-03-01' },
          { name: 'period_to', value: u.period_to ?? '2026-03-31' },
        ]
      : []),
    ...(u.mapping === undefined ? [] : [{ name: 'mapping', value: JSON.stringify(u.mapping) }]),
    { name: 'file', file: u.file, filename: u.filename ?? 'report.csv' },
  ];
  const body = multipartBody(parts);
  const res = await app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...authHeader(m.token), ...body.headers },
  });
  return {
    status: res.statusCode,
    body: res.body,
    json: res.json() as { data: any; error: Record<string, string> | null },
  };
};

export const reconCalls = (app: FastifyInstance) => ({
  preview: (m: Member, u: UploadInput) => send(app, '/api/reconciliation/v1/imports/preview', m, u, false),
  upload: (m: Member, u: UploadInput) => send(app, '/api/reconciliation/v1/imports', m, u, true),
  list: (m: Member, query = '') => api(app, 'GET', `/api/reconciliation/v1/imports${query}`, m.token),
  getMapping: (m: Member, advertiser: string) =>
    api(app, 'GET', `/api/reconciliation/v1/advertisers/${advertiser}/mapping`, m.token),
  putMapping: (m: Member, advertiser: string, mapping: Record<string, unknown>) =>
    api(app, 'PUT', `/api/reconciliation/v1/advertisers/${advertiser}/mapping`, m.token, { mapping }),
});

/** A mapping of the columns used by the tests' files. */
export const testMapping = (over: Record<string, unknown> = {}) => ({
  columns: {
    click_id: 'Click ID',
    lead_id: null,
    txid: 'Order',
    status: 'Status',
    amount: 'Amount',
    currency: 'Currency',
    date: 'Date',
  },
  date_format: 'auto',
  decimal: 'point',
  statuses: { approved: ['approved', 'ok'], pending: ['pending'], rejected: ['rejected', 'declined'], hold: ['hold'] },
  ...over,
});
