import chardet from 'chardet';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { RECON_FILE_MAX_ROWS } from '@pxl/contract';
import { badRequest } from '../../lib/errors.ts';

// Reading an advertiser's report into a header and rows of text cells (docs/decisions/058-reconciliation-import.md).

/** A cell as the file holds it: text, or a number or a date when the spreadsheet typed it so. */
export type Cell = string | number | Date;
export type ReportFile = {
  format: 'csv' | 'xlsx';
  encoding: string | null;
  separator: string | null;
  header: string[];
  rows: Cell[][];
};

const fileError = (message: string) => badRequest('file', message);
const SEPARATORS = [',', ';', '\t', '|'] as const;
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);
/** What chardet may say for a text that is not UTF-8, and the code page it is read in. */
const SINGLE_BYTE: Record<string, string> = {
  'windows-1251': 'windows-1251',
  'windows-1252': 'windows-1252',
  'ISO-8859-1': 'windows-1252',
};
// Control characters other than tab and line breaks are never in a report: such "text" is a binary file.
// oxlint-disable-next-line no-control-regex
const BINARY = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

/** The text of a CSV and the encoding it was read in; refuses what is not text in a known encoding. */
export const decodeText = (bytes: Buffer): { text: string; encoding: string } => {
  if (
    bytes.subarray(0, 4).equals(Buffer.from([0xff, 0xfe, 0, 0])) ||
    bytes.subarray(0, 4).equals(Buffer.from([0, 0, 0xfe, 0xff]))
  )
    throw fileError('The file is in UTF-32, which is not read here: save it as UTF-8 and upload it again');
  const boms: [number[], string, string][] = [
    [[0xef, 0xbb, 0xbf], 'utf-8', 'UTF-8'],
    [[0xff, 0xfe], 'utf-16le', 'UTF-16LE'],
    [[0xfe, 0xff], 'utf-16be', 'UTF-16BE'],
  ];
  for (const [bom, codec, name] of boms) {
    if (bytes.subarray(0, bom.length).equals(Buffer.from(bom)))
      return checked(iconv.decode(bytes.subarray(bom.length), codec, { stripBOM: true }), name);
  }
  try {
    return checked(new TextDecoder('utf-8', { fatal: true }).decode(bytes), 'UTF-8');
  } catch {
    // Not UTF-8: a single-byte code page, if the detector recognises one we read.
  }
  const guess = chardet.detect(bytes);
  const codec = guess ? SINGLE_BYTE[guess] : undefined;
  if (!codec || bytes.includes(0))
    throw fileError(
      `The file's encoding is not one we read${guess && !bytes.includes(0) ? ` (it looks like ${guess})` : ''}: ` +
        'save it as UTF-8 (or UTF-16 with BOM, Windows-1251, Windows-1252) and upload it again',
    );
  return checked(iconv.decode(bytes, codec), codec);
};

const checked = (text: string, encoding: string) => {
  if (BINARY.test(text))
    throw fileError(`The file is not text in ${encoding}: it holds binary bytes. Upload a CSV or XLSX file`);
  return { text, encoding };
};

/** Quotes hide separators, so only the unquoted part of the header line counts. */
export const detectSeparator = (text: string) => {
  const firstLine = text.split(/\r\n|\n|\r/, 1)[0].replace(/"[^"]*"/g, '');
  let best: string = ',';
  let most = 0;
  for (const sep of SEPARATORS) {
    const n = firstLine.split(sep).length - 1;
    if (n > most) [best, most] = [sep, n];
  }
  return best;
};

const readCsv = (bytes: Buffer): ReportFile => {
  const { text, encoding } = decodeText(bytes);
  const separator = detectSeparator(text);
  let records: string[][];
  try {
    records = parse(text, {
      delimiter: separator,
      skip_empty_lines: true,
      relax_quotes: false,
      to_line: RECON_FILE_MAX_ROWS + 2,
    }) as string[][];
  } catch (err) {
    const e = err as { message: string; lines?: number };
    throw fileError(`The file is not a readable CSV${e.lines ? ` (line ${e.lines} of the file)` : ''}: ${e.message}`);
  }
  const [header = [], ...rows] = records;
  return { format: 'csv', encoding, separator, header, rows };
};

/**
 * A formula is kept as its text ("=B2*2"), never its cached result: the result stored in the file may be stale or
 * missing, and nothing here evaluates formulas (docs/decisions/058-reconciliation-import.md).
 */
const cellOf = (value: ExcelJS.CellValue): Cell => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number' || value instanceof Date) return value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if ('formula' in value && value.formula) return `=${value.formula}`;
  if ('sharedFormula' in value && value.sharedFormula) return `=${value.sharedFormula}`;
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('text' in value) return String(value.text);
  if ('error' in value) return String(value.error);
  return '';
};

const readXlsx = async (bytes: Buffer): Promise<ReportFile> => {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw fileError('The file is not a readable XLSX workbook: open it in a spreadsheet and save it again as XLSX');
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw fileError('The workbook has no sheet');
  if (sheet.rowCount > RECON_FILE_MAX_ROWS + 1)
    throw fileError(`The file has more than ${RECON_FILE_MAX_ROWS.toLocaleString('en-US')} rows: split it by period`);
  const width = sheet.columnCount;
  const records: Cell[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: Cell[] = [];
    for (let c = 1; c <= width; c++) cells.push(cellOf(row.getCell(c).value));
    // A formatted but empty row counts as no row, like an empty line of a CSV.
    if (cells.some((v) => v !== '')) records.push(cells);
  });
  const [head = [], ...rows] = records;
  return { format: 'xlsx', encoding: null, separator: null, header: head.map(String), rows };
};

/** The report's header and rows, refusing what cannot be read with a reason the uploader can act on. */
export const readReportFile = async (bytes: Buffer): Promise<ReportFile> => {
  if (bytes.length === 0) throw fileError('The file is empty');
  if (bytes.subarray(0, 4).equals(OLE))
    throw fileError('Old Excel files (XLS) are not read here: save the sheet as XLSX or CSV and upload it again');
  const file = bytes.subarray(0, 4).equals(ZIP) ? await readXlsx(bytes) : readCsv(bytes);
  if (file.header.every((h) => String(h).trim() === '')) throw fileError('The file is empty');
  if (file.rows.length === 0) throw fileError('The file has a header but no rows');
  if (file.rows.length > RECON_FILE_MAX_ROWS)
    throw fileError(`The file has more than ${RECON_FILE_MAX_ROWS.toLocaleString('en-US')} rows: split it by period`);
  return { ...file, header: headerOf(file.header) };
};

/** Trimmed names; an unnamed column is "Column N"; two columns of one name make every mapping ambiguous. */
const headerOf = (cells: Cell[]) => {
  const names = cells.map((c, i) => String(c).trim() || `Column ${i + 1}`);
  const seen = new Map<string, number>();
  names.forEach((name, i) => {
    const key = name.toLowerCase();
    const first = seen.get(key);
    if (first !== undefined)
      throw fileError(
        `The header has the column "${name}" twice (columns ${first + 1} and ${i + 1}): give each column its own name`,
      );
    seen.set(key, i);
  });
  return names;
};
