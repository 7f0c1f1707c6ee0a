import { describe, it, expect } from 'vitest';
import { buildCsv, csvCell, csvFilename, CsvError } from './build-csv.ts';

const mapper = { id: 'ID', name: 'Name', geo: 'Geo' };
const rows = [
  { id: 1, name: 'Alpha', geo: 'UA' },
  { id: 2, name: 'Beta', geo: 'DE' },
];

function errorOf(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return null;
}

describe('buildCsv errors', () => {
  it('refuses an empty or missing mapper', () => {
    for (const customMapper of [{}, null, undefined]) {
      const error = errorOf(() => buildCsv({ rows, customMapper, filename: 'a' }));
      expect(error).toBeInstanceOf(CsvError);
      expect((error as Error).message).toBe('customMapper is required and cannot be empty');
    }
  });

  it('refuses a missing filename', () => {
    for (const filename of ['', '  ', null, undefined]) {
      expect(() => buildCsv({ rows, customMapper: mapper, filename })).toThrow(new CsvError('filename is required'));
    }
  });

  it('refuses no rows', () => {
    for (const none of [[], null, undefined]) {
      expect(() => buildCsv({ rows: none, customMapper: mapper, filename: 'a' })).toThrow('No data to export');
    }
  });

  it('checks the mapper first, then the filename, then the rows', () => {
    expect(() => buildCsv({ rows: [], customMapper: {}, filename: '' })).toThrow(
      'customMapper is required and cannot be empty',
    );
    expect(() => buildCsv({ rows: [], customMapper: mapper, filename: '' })).toThrow('filename is required');
  });
});

describe('buildCsv output', () => {
  it('writes a header from the mapper and one line per row, in mapper order', () => {
    const file = buildCsv({ rows, customMapper: { name: 'Name', id: 'ID' }, filename: 'offers' });
    expect(file).toEqual({ filename: 'offers.csv', content: 'Name,ID\nAlpha,1\nBeta,2' });
  });

  it('adds .csv only when missing, case-insensitively', () => {
    expect(csvFilename('report')).toBe('report.csv');
    expect(csvFilename('report.csv')).toBe('report.csv');
    expect(csvFilename('REPORT.CSV')).toBe('REPORT.CSV');
    expect(csvFilename('report.csv.txt')).toBe('report.csv.txt.csv');
  });

  it('exports only the active columns, in mapper order', () => {
    const file = buildCsv({ rows, customMapper: mapper, filename: 'a.csv', activeColumns: ['geo', 'id'] });
    expect(file.content).toBe('ID,Geo\n1,UA\n2,DE');
  });

  it('treats active columns that match nothing as an empty mapper', () => {
    expect(() => buildCsv({ rows, customMapper: mapper, filename: 'a', activeColumns: ['nope'] })).toThrow(
      'customMapper is required and cannot be empty',
    );
  });

  it('writes null and undefined as empty', () => {
    const file = buildCsv({ rows: [{ id: null, name: undefined }], customMapper: mapper, filename: 'a' });
    expect(file.content).toBe('ID,Name,Geo\n,,');
  });
});

describe('csvCell', () => {
  it('quotes values holding a comma, quote or newline, doubling inner quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line1\nline2')).toBe('"line1\nline2"');
    expect(csvCell('line1\r\nline2')).toBe('"line1\r\nline2"');
    expect(csvCell('plain')).toBe('plain');
  });

  it('neutralises formula starts with a leading quote', () => {
    expect(csvCell('=SUM(A1:A2)')).toBe("'=SUM(A1:A2)");
    expect(csvCell('+cmd')).toBe("'+cmd");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@import')).toBe("'@import");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\rx')).toBe('"\'\rx"');
    expect(csvCell('=HYPERLINK("x","y")')).toBe('"\'=HYPERLINK(""x"",""y"")"');
  });

  it('leaves plain numbers alone', () => {
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(csvCell('+380')).toBe('+380');
    expect(csvCell(0)).toBe('0');
  });

  it('writes booleans, dates and objects', () => {
    expect(csvCell(true)).toBe('true');
    expect(csvCell(new Date('2024-01-15T10:00:00Z'))).toBe('2024-01-15T10:00:00.000Z');
    expect(csvCell({ a: 1 })).toBe('"{""a"":1}"');
  });
});
