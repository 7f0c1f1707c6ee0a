import { describe, expect, it } from 'vitest';
import { reconMappingSchema, type ReconCellError } from '@pxl/contract/reconciliation/index';
import {
  cellErrors,
  columnOptions,
  columnValue,
  mappedFields,
  NOT_IN_FILE,
  previewFormSchema,
  readAs,
  setColumn,
  setStatusWords,
  TOO_BIG,
  uploadFormSchema,
} from './upload-values.ts';

const mapping = reconMappingSchema.parse({
  columns: { click_id: 'Click', amount: 'Sum', status: 'State' },
  statuses: { approved: ['ok'] },
});
const ADV = '6f1c1f5e-1d2b-4c3a-9e8f-0a1b2c3d4e5f';
const file = (bytes: number, name = 'report.csv') => new File([new Uint8Array(bytes)], name);

describe('mapping editor rules', () => {
  it('offers "not in the file" and the header columns, and keeps a mapped column the file lacks, marked', () => {
    expect(columnOptions(['Click', 'Sum'], null).map((o) => o.label)).toEqual(['Not in the file', 'Click', 'Sum']);
    expect(columnOptions(['Click', 'Sum'], 'Payout')).toEqual([
      { value: NOT_IN_FILE, label: 'Not in the file' },
      { value: 'Click', label: 'Click' },
      { value: 'Sum', label: 'Sum' },
      { value: 'Payout', label: 'Payout (not in this file)' },
    ]);
  });

  it('sets and clears a column; "not in the file" is null in the mapping', () => {
    expect(columnValue(mapping, 'lead_id')).toBe(NOT_IN_FILE);
    const withLead = setColumn(mapping, 'lead_id', 'Lead');
    expect(withLead.columns.lead_id).toBe('Lead');
    expect(withLead.columns.click_id).toBe('Click');
    expect(setColumn(withLead, 'lead_id', NOT_IN_FILE).columns.lead_id).toBeNull();
    expect(setColumn(withLead, 'lead_id', null).columns.lead_id).toBeNull();
    expect(mapping.columns.lead_id).toBeNull();
  });

  it('keeps status words trimmed, once each without regard to case', () => {
    const next = setStatusWords(mapping, 'rejected', [' declined ', 'Declined', '', 'fraud']);
    expect(next.statuses.rejected).toEqual(['declined', 'fraud']);
    expect(next.statuses.approved).toEqual(['ok']);
  });

  it('shows the mapped fields in the editor order', () => {
    expect(mappedFields(mapping)).toEqual(['click_id', 'status', 'amount']);
  });
});

describe('preview cells', () => {
  const err = (field: ReconCellError['field'], column: string, text: string): ReconCellError => ({
    line: 3,
    column,
    field,
    message: column ? `Row 3, column ${column}: ${text}` : `Row 3: ${text}`,
  });

  it("puts each error in its field's cell, without the row and column the cell already names", () => {
    const { cells, row } = cellErrors(
      [err('amount', 'Sum', 'not an amount (abc)'), err('amount', 'Sum', 'second'), err('status', 'State', 'unknown')],
      ['click_id', 'status', 'amount'],
    );
    expect(cells).toEqual({ amount: 'not an amount (abc)', status: 'unknown' });
    expect(row).toEqual([]);
  });

  it("puts an error of a field the preview does not show into the row's own cell", () => {
    const { cells, row } = cellErrors([err('click_id', 'Tx', 'no click id, lead id or transaction id')], ['txid']);
    expect(cells).toEqual({});
    expect(row).toEqual(['Row 3, column Tx: no click id, lead id or transaction id']);
  });

  it('says how the file was read', () => {
    expect(readAs({ format: 'csv', encoding: 'UTF-8', separator: ';' })).toBe('CSV · UTF-8 · separator ;');
    expect(readAs({ format: 'csv', encoding: 'windows-1251', separator: '\t' })).toBe(
      'CSV · windows-1251 · separator tab',
    );
    expect(readAs({ format: 'xlsx', encoding: null, separator: null })).toBe('XLSX');
  });
});

describe('form checks before sending', () => {
  const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

  it('a preview needs an advertiser and a file of at most 20 MB', () => {
    expect(messages(previewFormSchema.safeParse({ advertiser_uuid: '', file: null, mapping: null }))).toEqual({
      advertiser_uuid: 'Choose an advertiser',
      file: 'Choose a CSV or XLSX file',
    });
    const big = previewFormSchema.safeParse({ advertiser_uuid: ADV, file: file(20 * 1024 * 1024 + 1), mapping });
    expect(messages(big)).toEqual({ file: TOO_BIG });
    expect(TOO_BIG).toContain('20 MB');
    expect(previewFormSchema.safeParse({ advertiser_uuid: ADV, file: file(10), mapping: null }).success).toBe(true);
  });

  it('an upload needs a period that does not end before it starts, and keeps the mapping as edited', () => {
    const base = { advertiser_uuid: ADV, file: file(10), mapping };
    const backwards = uploadFormSchema.safeParse({ ...base, period_from: '2026-05-31', period_to: '2026-05-01' });
    expect(messages(backwards)).toEqual({ period_to: 'The period ends before it starts' });
    const ok = uploadFormSchema.safeParse({ ...base, period_from: '2026-05-01', period_to: '2026-05-31' });
    expect(ok.success && ok.data.mapping).toEqual(mapping);
  });
});
