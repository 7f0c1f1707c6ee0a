import { RECON_PREVIEW_ROWS, reconMappingSchema, type ReconCellError, type ReconMapping } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { inTransaction, writeAudit } from '../../lib/audit.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { findPartnerInScope } from '../../lib/people.ts';
import { generalSettings } from '../settings/index.ts';
import { classifyImport } from './match.service.ts';
import { readReportFile } from './report-file.ts';
import { guessMapping, mappingErrors, normaliseRow } from './report-rows.ts';
import { insertImport, readMapping, saveMapping } from './reconciliation.repository.ts';

export type Upload = { name: string; bytes: Buffer; mapping: ReconMapping | null };
type Meta = { ip: string };

/** Errors shown in a refusal: enough to fix a column, not a wall of text. */
const SHOWN_ERRORS = 10;

/** The advertiser, if the caller may see it; another manager's answers 404 like a missing one. */
export const advertiserInScope = async (db: Db, auth: AuthContext, id: string) => {
  const adv = await findPartnerInScope(db, auth, id, 'advertiser');
  if (!adv) throw notFound('Advertiser');
  return adv;
};

const mappingFor = async (
  db: Db,
  advertiserId: string,
  given: ReconMapping | null,
  header: string[],
  rows: unknown[][],
) => {
  if (given) return { mapping: given, source: 'request' as const };
  const saved = (await readMapping(db, advertiserId)).mapping;
  if (saved) return { mapping: reconMappingSchema.parse(saved), source: 'saved' as const };
  return { mapping: guessMapping(header, rows as never), source: 'guess' as const };
};

export const previewImport = async (db: Db, auth: AuthContext, advertiserId: string, upload: Upload) => {
  await advertiserInScope(db, auth, advertiserId);
  const file = await readReportFile(upload.bytes);
  const { mapping, source } = await mappingFor(db, advertiserId, upload.mapping, file.header, file.rows);
  const problems = mappingErrors(mapping, file.header);
  const { time_zone } = await generalSettings.get(db);
  const rows = problems.length
    ? []
    : file.rows
        .slice(0, RECON_PREVIEW_ROWS)
        .map((cells, i) => normaliseRow(cells, i + 1, file.header, mapping, time_zone));
  return {
    file_name: upload.name,
    file_size: upload.bytes.length,
    format: file.format,
    encoding: file.encoding,
    separator: file.separator,
    header: file.header,
    row_count: file.rows.length,
    mapping,
    mapping_source: source,
    mapping_errors: problems,
    rows,
  };
};

const refusal = (errors: ReconCellError[]) => {
  const shown = errors.slice(0, SHOWN_ERRORS).map((e) => e.message);
  const more = errors.length - shown.length;
  return badRequest('file', shown.join('; ') + (more ? `; and ${more} more errors` : '') + '. Nothing was stored.');
};

export const createImport = async (
  db: Db,
  auth: AuthContext,
  fields: { advertiser_uuid: string; period_from: string; period_to: string },
  upload: Upload,
  { ip }: Meta,
) => {
  await advertiserInScope(db, auth, fields.advertiser_uuid);
  const file = await readReportFile(upload.bytes);
  const { mapping } = await mappingFor(db, fields.advertiser_uuid, upload.mapping, file.header, file.rows);
  const problems = mappingErrors(mapping, file.header);
  if (problems.length) throw badRequest('mapping', problems.join('; '));
  const { time_zone } = await generalSettings.get(db);
  const errors: ReconCellError[] = [];
  const rows = file.rows.map((cells, i) => {
    const row = normaliseRow(cells, i + 1, file.header, mapping, time_zone);
    errors.push(...row.errors);
    return row.data;
  });
  if (errors.length) throw refusal(errors);
  const id = await inTransaction(db, async (tx) => {
    const importId = await insertImport(
      tx,
      {
        advertiserId: fields.advertiser_uuid,
        periodFrom: fields.period_from,
        periodTo: fields.period_to,
        fileName: upload.name,
        fileSize: upload.bytes.length,
        format: file.format,
        mapping,
        createdBy: auth.user.id,
      },
      rows,
    );
    await saveMapping(tx, fields.advertiser_uuid, mapping, auth.user.id);
    await writeAudit(tx, {
      action: 'reconciliation_import',
      actorId: auth.user.id,
      subjectId: fields.advertiser_uuid,
      ip,
      details: {
        import_uuid: importId,
        file_name: upload.name,
        rows: rows.length,
        period_from: fields.period_from,
        period_to: fields.period_to,
      },
    });
    return importId;
  });
  // Matched in the request: 100,000 rows take seconds (bench/RESULTS.md, "Reconciliation").
  await classifyImport(db, id);
  return { uuid: id, format: file.format, encoding: file.encoding, separator: file.separator, row_count: rows.length };
};

export const getMapping = async (db: Db, auth: AuthContext, advertiserId: string) => {
  await advertiserInScope(db, auth, advertiserId);
  return readMapping(db, advertiserId);
};

export const putMapping = async (
  db: Db,
  auth: AuthContext,
  advertiserId: string,
  mapping: ReconMapping,
  { ip }: Meta,
) => {
  await advertiserInScope(db, auth, advertiserId);
  await inTransaction(db, async (tx) => {
    await saveMapping(tx, advertiserId, mapping, auth.user.id);
    await writeAudit(tx, {
      action: 'reconciliation_mapping',
      actorId: auth.user.id,
      subjectId: advertiserId,
      ip,
      details: { mapping },
    });
  });
  return readMapping(db, advertiserId);
};
