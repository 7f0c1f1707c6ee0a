import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import { reconMappingSchema, type ReconRowData } from '@pxl/contract/reconciliation/index';
import { MappingEditor } from './mapping-editor.tsx';
import { ReportPreviewTable } from './report-preview-table.tsx';

// The editor and the preview as the server renders their markup: enough to read which value each input holds and
// which text each cell holds, without a browser.

const html = (node: ReactNode) => renderToStaticMarkup(<MantineProvider>{node}</MantineProvider>);

const mapping = reconMappingSchema.parse({
  columns: { click_id: 'Click', status: 'State', amount: 'Sum', date: 'When' },
  decimal: 'comma',
  statuses: { approved: ['ok'], rejected: ['declined'] },
});
const row = (line: number, patch: Partial<ReconRowData>, raw: Record<string, string>): ReconRowData => ({
  line,
  click_id: null,
  lead_id: null,
  txid: null,
  status: null,
  amount: null,
  currency: null,
  date: null,
  raw,
  ...patch,
});

/** The markup of one <td data-field=…> of the row with data-line=…. */
const cell = (markup: string, line: number, field: string) => {
  const tr = new RegExp(`<tr[^>]*data-line="${line}"[^>]*>(.*?)</tr>`).exec(markup)?.[1] ?? '';
  return new RegExp(`<td[^>]*data-field="${field}"[^>]*>(.*?)</td>`).exec(tr)?.[1] ?? null;
};
/** The value of the input labelled `label` (Mantine ties label and input by id). */
const inputValue = (markup: string, label: string) => {
  const id = new RegExp(`<label[^>]*for="([^"]+)"[^>]*>${label}(?:<span[^>]*>[^<]*</span>)?</label>`).exec(markup)?.[1];
  if (!id) return null;
  return new RegExp(`<input[^>]*id="${id}"[^>]*value="([^"]*)"`).exec(markup)?.[1] ?? null;
};

describe('preview table', () => {
  const rows = [
    {
      data: row(1, { click_id: 'c1', status: 'approved', amount: 1250, date: '2026-05-03T10:00:00.000Z' }, {}),
      errors: [],
    },
    {
      data: row(2, { click_id: 'c2', status: 'rejected' }, { Click: 'c2', Sum: '12,5x', When: '31.02.2026' }),
      errors: [
        { line: 2, column: 'Sum', field: 'amount' as const, message: 'Row 2, column Sum: not an amount (12,5x)' },
        { line: 2, column: 'When', field: 'date' as const, message: 'Row 2, column When: not a date (31.02.2026)' },
      ],
    },
  ];
  const markup = html(<ReportPreviewTable rows={rows} mapping={mapping} timeZone="Europe/Kyiv" />);

  it('heads the row number and the mapped fields only', () => {
    const heads = [...markup.matchAll(/<th(?:\s[^>]*)?>(.*?)<\/th>/g)].map((m) => m[1]);
    expect(heads).toEqual(['Row', 'Click ID', 'Status', 'Amount', 'Date']);
  });

  it('shows values as the import will hold them: our status, major units, the date in the zone', () => {
    expect(cell(markup, 1, 'status')).toBe('Approved');
    expect(cell(markup, 1, 'amount')).toBe('12.50');
    expect(cell(markup, 1, 'date')).toBe('03.05.2026 13:00');
  });

  it("shows a bad cell's text and its error in the cell itself, the good cells of the row as read", () => {
    expect(cell(markup, 2, 'amount')).toContain('12,5x');
    expect(cell(markup, 2, 'amount')).toContain('not an amount (12,5x)');
    expect(cell(markup, 2, 'amount')).not.toContain('Row 2');
    expect(cell(markup, 2, 'date')).toContain('not a date (31.02.2026)');
    expect(cell(markup, 2, 'status')).toBe('Rejected');
    expect(cell(markup, 2, 'click_id')).toBe('c2');
    expect(cell(markup, 1, 'amount')).not.toContain('cell-error');
    expect(markup.match(/data-testid="cell-error"/g)).toHaveLength(2);
  });
});

describe('mapping editor', () => {
  it('holds each field\'s column, "Not in the file" for the others, and the formats', () => {
    const markup = html(
      <MappingEditor header={['Click', 'State', 'Sum', 'When']} mapping={mapping} onChange={() => {}} />,
    );
    expect(inputValue(markup, 'Click ID')).toBe('Click');
    expect(inputValue(markup, 'Lead ID')).toBe('Not in the file');
    expect(inputValue(markup, 'Transaction ID')).toBe('Not in the file');
    expect(inputValue(markup, 'Amount')).toBe('Sum');
    expect(inputValue(markup, 'Date format')).toBe('Auto: YYYY-MM-DD or DD.MM.YYYY');
    expect(inputValue(markup, 'Decimal mark')).toBe('Comma: 1.234,56');
    expect(markup).not.toContain('data-testid="mapping-error"');
  });

  it('marks a mapped column the file lacks and shows why the mapping cannot read the file', () => {
    const markup = html(
      <MappingEditor
        header={['Click', 'State', 'Sum']}
        mapping={mapping}
        problems={['The column "When" (date) is not in the file']}
        error="Map a click id, lead id or transaction id"
        onChange={() => {}}
      />,
    );
    expect(inputValue(markup, 'Date')).toBe('When (not in this file)');
    expect(markup).toContain('Not in this file');
    const alert = /data-testid="mapping-error".*?<\/div><\/div><\/div>/.exec(markup)?.[0] ?? '';
    expect(alert).toContain('The column &quot;When&quot; (date) is not in the file');
    expect(alert).toContain('Map a click id, lead id or transaction id');
  });

  it('shows their status words for each of ours', () => {
    const markup = html(
      <MappingEditor header={['Click', 'State', 'Sum', 'When']} mapping={mapping} onChange={() => {}} />,
    );
    expect(markup).toMatch(/>ok</);
    expect(markup).toMatch(/>declined</);
  });
});
