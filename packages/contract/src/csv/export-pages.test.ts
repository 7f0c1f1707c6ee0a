import { describe, it, expect } from 'vitest';
import {
  exportAllPages,
  exportResultMessage,
  EXPORT_FAILED,
  EXPORT_LEAVE_PROMPT,
  EXPORT_COMPLETE_TITLE,
  type ExportPage,
} from './export-pages.ts';

type Row = { n: number };

function pages(sizes: Array<number | Error>, total?: (page: number) => Record<string, number>) {
  const calls: Array<[number, number]> = [];
  const fetchPage = async (page: number, count: number): Promise<ExportPage<Row>> => {
    calls.push([page, count]);
    const size = sizes[page - 1] ?? 0;
    if (size instanceof Error) throw size;
    return { list: Array.from({ length: size }, (_, i) => ({ n: page * 1000 + i })), total: total?.(page) };
  };
  return { calls, fetchPage };
}

describe('exportAllPages', () => {
  it('fetches pages of 100 from page 1 until a short page', async () => {
    const { calls, fetchPage } = pages([100, 100, 37, 100]);
    const result = await exportAllPages({ fetchPage });
    expect(calls).toEqual([
      [1, 100],
      [2, 100],
      [3, 100],
    ]);
    expect(result.rows).toHaveLength(237);
    expect(result.rows[0]).toEqual({ n: 1000 });
    expect(result.failed).toBe(0);
    expect(result.totals).toEqual({});
  });

  it('stops on an empty page', async () => {
    const { calls, fetchPage } = pages([2, 2, 0], undefined);
    const result = await exportAllPages({ fetchPage, pageSize: 2 });
    expect(calls.map(([page]) => page)).toEqual([1, 2, 3]);
    expect(result.rows).toHaveLength(4);
  });

  it('counts a failed page and goes on with the next one', async () => {
    const { calls, fetchPage } = pages([100, new Error('502'), 100, 5]);
    const result = await exportAllPages({ fetchPage });
    expect(calls.map(([page]) => page)).toEqual([1, 2, 3, 4]);
    expect(result.failed).toBe(1);
    expect(result.rows).toHaveLength(205);
  });

  it('counts a page with a malformed list as failed', async () => {
    const fetchPage = async (page: number) => (page === 1 ? ({ list: 'x' } as never) : { list: [] });
    const result = await exportAllPages<Row>({ fetchPage });
    expect(result).toEqual({ rows: [], totals: {}, failed: 1, truncated: false });
  });

  it('gives up after 3 failures in a row', async () => {
    const boom = new Error('down');
    const { calls, fetchPage } = pages([100, boom, boom, boom, 100, 100]);
    const result = await exportAllPages({ fetchPage });
    expect(calls.map(([page]) => page)).toEqual([1, 2, 3, 4]);
    expect(result.failed).toBe(3);
    expect(result.rows).toHaveLength(100);
  });

  it('sums totals key by key across pages', async () => {
    const { fetchPage } = pages([100, 100, 1], (page) => ({ clicks: page * 10, payout: 250 }));
    const result = await exportAllPages({ fetchPage });
    expect(result.totals).toEqual({ clicks: 60, payout: 750 });
  });

  it('respects maxPages and an aborted signal', async () => {
    const { calls, fetchPage } = pages([100, 100, 100, 100]);
    const capped = await exportAllPages({ fetchPage, maxPages: 2 });
    expect(capped.rows).toHaveLength(200);
    expect(capped.truncated).toBe(true);
    expect(calls).toHaveLength(2);
    expect((await exportAllPages({ fetchPage: pages([100, 100, 3]).fetchPage, maxPages: 3 })).truncated).toBe(false);
    const controller = new AbortController();
    controller.abort();
    expect(await exportAllPages({ fetchPage, signal: controller.signal })).toEqual({
      rows: [],
      totals: {},
      failed: 0,
      truncated: false,
    });
  });
});

describe('export messages', () => {
  it('reports failed requests', () => {
    expect(exportResultMessage(2)).toBe('Completed with 2 failed requests, you can try again.');
    expect(exportResultMessage(0)).toBeNull();
  });

  it('holds the exact texts', () => {
    expect(EXPORT_FAILED).toBe('Export failed. Please try again.');
    expect(EXPORT_LEAVE_PROMPT).toBe('Export is in progress. Are you sure you want to leave?');
    expect(EXPORT_COMPLETE_TITLE).toBe('✅ Export Complete!');
  });
});
