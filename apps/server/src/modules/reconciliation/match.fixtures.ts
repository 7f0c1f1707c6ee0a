// Test-only: an advertiser with clicks, leads and conversions in one period, and an import of their report written
// straight into the tables (as the upload stores it), for the classification tests.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { clicks, conversions, leads, reconciliationImports, reconciliationRows } from '../../db/schema.ts';
import { createTestWorld } from '#test/harness.ts';
import { insertOffer } from '../landings/landings.fixtures.ts';
import { api, createStaffWorld, type Member } from '../managers/staff.fixtures.ts';
import type { FileRow } from './classify.ts';

export const PERIOD = { from: '2026-10-01', to: '2026-10-31' };
/** Mid-period and a month before it: far from the edges in any time zone. */
export const IN = new Date('2026-10-15T12:00:00Z');
export const BEFORE = new Date('2026-09-10T12:00:00Z');

export const createMatchWorld = async (db: Db) => {
  const w = await createStaffWorld(db);
  const adv = await w.member({ role: 'advertiser', managerId: w.managerA.id });
  const affiliate = await w.member({ role: 'affiliate', managerId: w.managerA.id });
  const offer = await insertOffer(db, { currency: 'USD', advertiserId: adv.id });
  const click = async (createdAt = IN) => {
    const id = randomUUID();
    await db.insert(clicks).values({ id, offerId: offer.id, affiliateId: affiliate.id, createdAt });
    return id;
  };
  const lead = async () => {
    const [row] = await db
      .insert(leads)
      .values({ offerId: offer.id, affiliateId: affiliate.id })
      .returning({ id: leads.id });
    return row!.id;
  };
  const conversion = async (over: Partial<typeof conversions.$inferInsert>) => {
    const [row] = await db
      .insert(conversions)
      .values({
        offerId: offer.id,
        affiliateId: affiliate.id,
        goal: 'registration',
        status: 'approved',
        revenue: 500,
        payout: 300,
        currency: 'USD',
        createdAt: IN,
        ...over,
      })
      .returning({ id: conversions.id });
    return row!.id;
  };
  return { ...w, adv, affiliate, offer, click, lead, conversion };
};
export type MatchWorld = Awaited<ReturnType<typeof createMatchWorld>>;

export const startMatchWorld = () => createTestWorld((t) => createMatchWorld(t.db));

/** A file row with the advertiser's usual figures (approved, 5.00 USD, mid-period); `over` names the ids. */
export const fileRow = (line: number, over: Partial<FileRow>): FileRow => ({
  line,
  click_id: null,
  lead_id: null,
  txid: null,
  status: 'approved',
  amount: 500,
  currency: 'USD',
  date: IN.toISOString(),
  raw: {},
  ...over,
});

/** An import in state `parsed` with these rows, as the upload leaves it. */
export const insertParsedImport = async (db: Db, advertiserId: string, createdBy: string, rows: FileRow[]) => {
  const [imp] = await db
    .insert(reconciliationImports)
    .values({
      advertiserId,
      periodFrom: PERIOD.from,
      periodTo: PERIOD.to,
      fileName: 'report.csv',
      fileSize: 1000,
      format: 'csv',
      mapping: {},
      rowCount: rows.length,
      createdBy,
    })
    .returning({ id: reconciliationImports.id });
  if (rows.length)
    await db
      .insert(reconciliationRows)
      .values(rows.map((data) => ({ importId: imp!.id, line: data.line, data: { ...data } })));
  return imp!.id;
};

export const matchCalls = (app: FastifyInstance) => ({
  get: (m: Member, uuid: string) => api(app, 'GET', `/api/reconciliation/v1/imports/${uuid}`, m.token),
  rows: (m: Member, uuid: string, query = '') =>
    api(app, 'GET', `/api/reconciliation/v1/imports/${uuid}/rows${query}`, m.token),
});
