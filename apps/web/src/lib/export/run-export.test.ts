import { describe, expect, it } from 'vitest';
import { MAX_PAGE } from '@pxl/contract/http/paging';
import { exportTruncatedMessage } from '@pxl/contract/csv/export-pages';
import { runExport, type ExportColumn } from './run-export.ts';

type Row = { id: number; name: string; geos: string[]; secret: string };
const columns: ExportColumn<Row>[] = [
  { key: 'id', header: 'ID' },
  { key: 'name', header: 'Name', exportValue: (r) => r.name.toUpperCase() },
  { key: 'geos', header: 'Geos' },
];

function source(sizes: Array<number | 'fail'>) {
  const calls: Array<[number, number]> = [];
  const fetchPage = async (page: number, count: number) => {
    calls.push([page, count]);
    const size = sizes[page - 1] ?? 0;
    if (size === 'fail') throw new Error('502');
    return {
      list: Array.from({ length: size }, (_, i) => ({
        id: page * 1000 + i,
        name: 'n',
        geos: ['UA', 'DE'],
        secret: 's',
      })),
    };
  };
  return { calls, fetchPage };
}

describe('runExport', () => {
  it('fetches pages of 100 until a short page and exports only the active columns', async () => {
    const { calls, fetchPage } = source([100, 100, 3]);
    const outcome = await runExport({ filename: 'affiliates', fetchPage, columns });
    expect(calls).toEqual([
      [1, 100],
      [2, 100],
      [3, 100],
    ]);
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome.rows).toBe(203);
    expect(outcome.failed).toBe(0);
    expect(outcome.message).toBeNull();
    expect(outcome.file.filename).toBe('affiliates.csv');
    const lines = outcome.file.content.split('\n');
    expect(lines[0]).toBe('ID,Name,Geos');
    expect(lines[1]).toBe('1000,N,"UA, DE"');
    expect(outcome.file.content).not.toContain('secret');
  });
  it('reports failed pages but still gives the file', async () => {
    const { fetchPage } = source([100, 'fail', 5]);
    const outcome = await runExport({ filename: 'x.csv', fetchPage, columns });
    expect(outcome).toMatchObject({
      ok: true,
      rows: 105,
      failed: 1,
      message: 'Completed with 1 failed requests, you can try again.',
    });
  });
  it('stops at the deepest page the server serves and says how to export the rest', async () => {
    const { calls, fetchPage } = source(Array.from({ length: MAX_PAGE + 5 }, () => 100));
    const outcome = await runExport({ filename: 'x', fetchPage, columns });
    expect(calls).toHaveLength(MAX_PAGE);
    expect(outcome).toMatchObject({
      ok: true,
      rows: MAX_PAGE * 100,
      failed: 0,
      message: exportTruncatedMessage(MAX_PAGE * 100),
    });
    expect(exportTruncatedMessage(100_000)).toBe(
      'Exported the first 100000 rows, as many as a list pages through. Narrow the filters or the period to export the rest.',
    );
  });
  it('gives the failed-requests message when every page failed', async () => {
    const { fetchPage } = source(['fail', 'fail', 'fail']);
    expect(await runExport({ filename: 'x', fetchPage, columns })).toEqual({
      ok: false,
      message: 'Completed with 3 failed requests, you can try again.',
    });
  });
  it("ends with the footer row (a report's totals) read after the pages, and adds none to an empty list", async () => {
    let pagesDone = 0;
    const { fetchPage } = source([100, 2]);
    const counted = async (page: number, count: number) => {
      const r = await fetchPage(page, count);
      pagesDone = page;
      return r;
    };
    const footerRow = () => ({ id: pagesDone, name: 'total', geos: [], secret: 's' });
    const outcome = await runExport({ filename: 'x', fetchPage: counted, columns, footerRow });
    if (!outcome.ok) throw new Error(outcome.message);
    const lines = outcome.file.content.trim().split('\n');
    expect(lines).toHaveLength(1 + 102 + 1);
    expect(lines.at(-1)).toBe('2,TOTAL,');
    expect(await runExport({ filename: 'x', fetchPage: source([0]).fetchPage, columns, footerRow })).toEqual({
      ok: false,
      message: 'No data to export',
    });
  });
  it('says "No data to export" for an empty list', async () => {
    expect(await runExport({ filename: 'x', fetchPage: source([0]).fetchPage, columns })).toEqual({
      ok: false,
      message: 'No data to export',
    });
  });
  it('checks the columns and the filename before any request', async () => {
    const { calls, fetchPage } = source([1]);
    expect(await runExport({ filename: 'x', fetchPage, columns: [] })).toEqual({
      ok: false,
      message: 'customMapper is required and cannot be empty',
    });
    expect(await runExport({ filename: ' ', fetchPage, columns })).toEqual({
      ok: false,
      message: 'filename is required',
    });
    expect(calls).toEqual([]);
  });
  it('gives "Export failed. Please try again." when building the file throws', async () => {
    const broken: ExportColumn<Row>[] = [
      {
        key: 'id',
        header: 'ID',
        exportValue: () => {
          throw new Error('bug');
        },
      },
    ];
    expect(await runExport({ filename: 'x', fetchPage: source([1]).fetchPage, columns: broken })).toEqual({
      ok: false,
      message: 'Export failed. Please try again.',
    });
  });
  it('neutralises formula values', async () => {
    const fetchPage = async () => ({ list: [{ id: 1, name: '=cmd()', geos: [], secret: '' }] });
    const plain: ExportColumn<Row>[] = [{ key: 'name', header: 'Name' }];
    const outcome = await runExport({ filename: 'x', fetchPage, columns: plain });
    expect(outcome.ok && outcome.file.content).toBe("Name\n'=cmd()");
  });
});
