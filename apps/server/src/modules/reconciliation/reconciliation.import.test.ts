import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { RECON_FILE_MAX_BYTES } from '@pxl/contract';
import { auditLog, reconciliationImports, reconciliationRows } from '../../db/schema.ts';
import type { TestApp } from '#test/harness.ts';
import { reconCalls, startReconWorld, testMapping, type ReconWorld } from './reconciliation.fixtures.ts';

let t: TestApp;
let w: ReconWorld;
let calls: ReturnType<typeof reconCalls>;

beforeAll(async () => {
  ({ t, w } = await startReconWorld());
  calls = reconCalls(t.app);
});
afterAll(async () => {
  await t?.close();
});

const csv = (text: string) => Buffer.from(text, 'utf8');
const HEADER = 'Click ID,Order,Status,Amount,Currency,Date';
const importsOf = async (advertiser: string) =>
  (await t.db.select().from(reconciliationImports).where(eq(reconciliationImports.advertiserId, advertiser))).length;

const xlsx = async (rows: ExcelJS.CellValue[][]) => {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Report');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
};

describe('happy paths', () => {
  it('reads a CSV with ;, decimal comma and a BOM: preview guesses, upload stores rows and saves the mapping', async () => {
    const text =
      '\ufeffClick ID;Order;Status;Amount;Currency;Date\nc-1;o-1;Approved;1 234,50;eur;2026-03-02 10:00\nc-2;o-2;declined;0,99;USD;05.03.2026\n';
    const file = csv(text);
    const preview = await calls.preview(w.managerA, { file, advertiser: w.advA.id });
    expect(preview.status, preview.body).toBe(200);
    const p = preview.json.data;
    expect(p).toMatchObject({
      format: 'csv',
      encoding: 'UTF-8',
      separator: ';',
      row_count: 2,
      mapping_source: 'guess',
    });
    expect(p.header).toEqual(['Click ID', 'Order', 'Status', 'Amount', 'Currency', 'Date']);
    expect(p.mapping.decimal).toBe('comma');
    expect(p.mapping_errors).toEqual([]);
    expect(p.rows[0]).toMatchObject({
      errors: [],
      data: { line: 1, click_id: 'c-1', txid: null, status: 'approved', amount: 123450, currency: 'EUR' },
    });
    // Nothing is stored by a preview.
    expect(await importsOf(w.advA.id)).toBe(0);

    const mapping = testMapping({ decimal: 'comma' });
    const res = await calls.upload(w.managerA, { file, advertiser: w.advA.id, mapping });
    expect(res.status, res.body).toBe(200);
    expect(res.json.data).toMatchObject({ format: 'csv', separator: ';', row_count: 2 });
    const rows = await t.db
      .select()
      .from(reconciliationRows)
      .where(eq(reconciliationRows.importId, res.json.data.uuid))
      .orderBy(reconciliationRows.line);
    expect(rows.map((r) => r.data)).toEqual([
      {
        line: 1,
        click_id: 'c-1',
        lead_id: null,
        txid: 'o-1',
        status: 'approved',
        amount: 123450,
        currency: 'EUR',
        date: '2026-03-02T10:00:00.000Z',
        raw: {
          'Click ID': 'c-1',
          Order: 'o-1',
          Status: 'Approved',
          Amount: '1 234,50',
          Currency: 'eur',
          Date: '2026-03-02 10:00',
        },
      },
      expect.objectContaining({
        line: 2,
        status: 'rejected',
        amount: 99,
        currency: 'USD',
        date: '2026-03-05T00:00:00.000Z',
      }),
    ]);
    const saved = await calls.getMapping(w.managerA, w.advA.id);
    expect(saved.json.data.mapping).toMatchObject({ decimal: 'comma', columns: { txid: 'Order' } });
    expect(saved.json.data.updated_by.uuid).toBe(w.managerA.id);
    // The next preview reuses the saved mapping.
    expect((await calls.preview(w.managerA, { file, advertiser: w.advA.id })).json.data.mapping_source).toBe('saved');
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.details}->>'import_uuid' = ${res.json.data.uuid}`);
    expect(audit).toMatchObject({ action: 'reconciliation_import', actorId: w.managerA.id, subjectId: w.advA.id });
    const list = await calls.list(w.managerA, `?advertiser_uuid=${w.advA.id}`);
    expect(list.json.data.list[0]).toMatchObject({
      uuid: res.json.data.uuid,
      row_count: 2,
      state: 'classified',
      period_from: '2026-03-01',
      format: 'csv',
    });
  });

  it('reads an XLSX with typed numbers and dates', async () => {
    const file = await xlsx([
      ['Click ID', 'Order', 'Status', 'Amount', 'Currency', 'Date'],
      ['x-1', 'o-9', 'ok', 12.5, 'USD', new Date('2026-03-04T08:30:00Z')],
      ['x-2', 'o-10', 'hold', 7, 'USD', '2026-03-05T09:00:00Z'],
    ]);
    const res = await calls.upload(w.admin, {
      file,
      filename: 'r.xlsx',
      advertiser: w.advB.id,
      mapping: testMapping(),
    });
    expect(res.status, res.body).toBe(200);
    expect(res.json.data).toMatchObject({ format: 'xlsx', encoding: null, separator: null, row_count: 2 });
    const listed = (await calls.list(w.admin, `?advertiser_uuid=${w.advB.id}`)).json.data.list;
    expect(listed.find((i: { uuid: string }) => i.uuid === res.json.data.uuid)).toMatchObject({ format: 'xlsx' });
    const rows = await t.db
      .select()
      .from(reconciliationRows)
      .where(eq(reconciliationRows.importId, res.json.data.uuid));
    expect(rows.map((r) => r.data).sort((a: any, b: any) => a.line - b.line)).toMatchObject([
      { line: 1, click_id: 'x-1', status: 'approved', amount: 1250, date: '2026-03-04T08:30:00.000Z' },
      { line: 2, status: 'hold', amount: 700, date: '2026-03-05T09:00:00.000Z' },
    ]);
  });

  it('reads Windows-1251 and UTF-16 with BOM', async () => {
    const words = ['Привет', 'Москва', 'заказ', 'оплачено', 'клиент', 'подтверждено', 'отклонено', 'ожидание'];
    const lines = words.map((word, i) => `${word}-${i},заказ номер ${i},approved,1.00,UAH,2026-03-01`);
    const cyr = iconv.encode(`Click ID,Order,Status,Amount,Currency,Date\n${lines.join('\n')}\n`, 'win1251');
    const a = await calls.preview(w.admin, { file: cyr, advertiser: w.advB.id, mapping: testMapping() });
    expect(a.status, a.body).toBe(200);
    expect(a.json.data.encoding).toBe('windows-1251');
    expect(a.json.data.rows[0].data.click_id).toBe('Привет-0');
    const u16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      iconv.encode(`${HEADER}\nc,o,approved,1.00,EUR,2026-03-01\n`, 'utf-16le'),
    ]);
    const b = await calls.preview(w.admin, { file: u16, advertiser: w.advB.id, mapping: testMapping() });
    expect(b.status, b.body).toBe(200);
    expect(b.json.data.encoding).toBe('UTF-16LE');
  });
});

describe('bad files: a 400 naming the row and column, nothing stored', () => {
  const refused = async (file: Buffer, over: Record<string, unknown> = {}) => {
    const before = await importsOf(w.advB.id);
    const res = await calls.upload(w.head, { file, advertiser: w.advB.id, mapping: testMapping(), ...over });
    expect(res.status, res.body).toBe(400);
    expect(res.json).toMatchObject({ status: 'error', data: null });
    expect(await importsOf(w.advB.id)).toBe(before);
    return res.json.error!;
  };

  it('an encoding that is not text', async () => {
    const binary = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0xff, 0xfe, 0x00, 0x10, 0x9c, 0x81]);
    expect((await refused(binary)).file).toMatch(/encoding is not one we read.*save it as UTF-8/);
  });

  it('a mapped column missing from the header', async () => {
    const err = await refused(csv(`${HEADER}\nc,o,approved,1.00,EUR,2026-03-01\n`), {
      mapping: testMapping({ columns: { ...testMapping().columns, amount: 'Payout' } }),
    });
    expect(err.mapping).toMatch(/Column "Payout" \(mapped as amount\) is not in the file's header/);
  });

  it('duplicate headers', async () => {
    const err = await refused(csv('Click ID,Amount,amount\nc,1,2\n'));
    expect(err.file).toBe('The header has the column "amount" twice (columns 2 and 3): give each column its own name');
  });

  it('bad dates', async () => {
    const err = await refused(
      csv(
        `${HEADER}\nc,o,approved,1.00,EUR,2026-03-01\nc2,o2,approved,1.00,EUR,31.02.2026\nc3,o3,approved,1.00,EUR,03/04/2026\n`,
      ),
    );
    expect(err.file).toContain('Row 2, column Date: "31.02.2026" is no such day or time');
    expect(err.file).toContain('Row 3, column Date: "03/04/2026" can be read two ways');
    expect(err.file).toMatch(/Nothing was stored\.$/);
  });

  it('bad amounts: the mapping decides decimal comma or point; thousands only in groups of three', async () => {
    const rows = ['12,5', '1,234.56', '1.5.0', '12.345', 'ten'].map(
      (a, i) => `c${i},o,approved,${JSON.stringify(a)},EUR,2026-03-01`,
    );
    const err = await refused(csv(`${HEADER}\n${rows.join('\n')}\n`));
    expect(err.file).toContain('Row 1, column Amount: not an amount (decimal point expected');
    expect(err.file).not.toContain('Row 2,');
    expect(err.file).toContain('Row 3, column Amount: not an amount');
    expect(err.file).toContain('Row 4, column Amount: more than two decimals');
    expect(err.file).toContain('Row 5, column Amount: not an amount');
    // The bounds of a conversion's revenue, which an applied amount becomes.
    const bounds = await refused(
      csv(`${HEADER}\nc,o,approved,-50.00,EUR,2026-03-01\nd,o,approved,"30,000,000.00",EUR,2026-03-01\n`),
    );
    expect(bounds.file).toContain('Row 1, column Amount: a negative amount: report a reversed conversion');
    expect(bounds.file).toContain('Row 2, column Amount: more than 1,000,000.00, the most one conversion can be');
    // The same words with a decimal comma: 12,5 and 1.234,56 are amounts there.
    const comma = await calls.preview(w.head, {
      file: csv(`${HEADER}\nc,o,approved,"12,5",EUR,2026-03-01\nd,o,approved,"1.234,56",EUR,2026-03-01\n`),
      advertiser: w.advB.id,
      mapping: testMapping({ decimal: 'comma' }),
    });
    expect(comma.json.data.rows.map((r: any) => r.data.amount)).toEqual([1250, 123456]);
  });

  it('a file over the size limit says the limit', async () => {
    const big = Buffer.alloc(RECON_FILE_MAX_BYTES + 1, 0x61);
    expect((await refused(big)).file).toBe('The file is larger than 20 MB, the upload limit: split it by period');
  });

  it('XLSX formula cells are kept as their text, never evaluated', async () => {
    const file = await xlsx([
      ['Click ID', 'Order', 'Status', 'Amount', 'Currency', 'Date'],
      [
        { formula: 'CONCAT("c","1")', result: 'c1' },
        'o',
        'approved',
        { formula: 'B2*2', result: 10 },
        'EUR',
        '2026-03-01',
      ],
    ]);
    const err = await refused(file);
    expect(err.file).toContain('Row 1, column Amount: a formula (=B2*2), not an amount');
    const preview = await calls.preview(w.head, { file, advertiser: w.advB.id, mapping: testMapping() });
    expect(preview.json.data.rows[0].data.click_id).toBe('=CONCAT("c","1")');
  });

  it('a CSV cell starting with = is text', async () => {
    const res = await calls.preview(w.head, {
      file: csv(`${HEADER}\n=1+1,o,approved,1.00,EUR,2026-03-01\n`),
      advertiser: w.advB.id,
      mapping: testMapping(),
    });
    expect(res.json.data.rows[0]).toMatchObject({
      errors: [],
      data: { click_id: '=1+1', raw: { 'Click ID': '=1+1' } },
    });
  });

  it('an empty file and a file with only a header', async () => {
    expect((await refused(Buffer.alloc(0))).file).toBe('The file is empty');
    expect((await refused(csv(`${HEADER}\n`))).file).toBe('The file has a header but no rows');
  });
});

describe('access', () => {
  it("a manager reaches only their advertisers' imports and mappings; a team lead none", async () => {
    const file = csv(`${HEADER}\nc,o,approved,1.00,EUR,2026-03-01\n`);
    expect((await calls.preview(w.managerB, { file, advertiser: w.advA.id })).status).toBe(404);
    expect((await calls.upload(w.managerB, { file, advertiser: w.advA.id, mapping: testMapping() })).status).toBe(404);
    expect((await calls.getMapping(w.managerB, w.advA.id)).status).toBe(404);
    expect((await calls.putMapping(w.managerB, w.advA.id, testMapping())).status).toBe(404);
    expect((await calls.preview(w.lead, { file, advertiser: w.advA.id })).status).toBe(403);
    const mine = await calls.list(w.managerB);
    expect(mine.json.data.list.every((r: any) => r.advertiser.uuid === w.advB.id)).toBe(true);
    const put = await calls.putMapping(w.managerA, w.advA.id, testMapping({ date_format: 'DD/MM/YYYY' }));
    expect(put.status, put.body).toBe(200);
    expect(put.json.data.mapping.date_format).toBe('DD/MM/YYYY');
  });
});
