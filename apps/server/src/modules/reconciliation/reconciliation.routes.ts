import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  RECON_FILE_MAX_BYTES,
  reconMappingSchema,
  reconPreviewFieldsSchema,
  reconUploadFieldsSchema,
  reconciliationApi,
} from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import { registerEndpoint } from '../../lib/endpoint.ts';
import { badRequest } from '../../lib/errors.ts';
import { listImports } from './reconciliation.repository.ts';
import { createImport, getMapping, previewImport, putMapping, type Upload } from './reconciliation.service.ts';

const TOO_BIG = `The file is larger than ${RECON_FILE_MAX_BYTES / 1024 / 1024} MB, the upload limit: split it by period`;

/** The first problem of a form field, in the envelope's shape. */
const fieldsOf = <S extends z.ZodType>(schema: S, fields: Record<string, string>): z.output<S> => {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw badRequest(String(issue.path[0] ?? 'request'), issue.message);
};

/** The multipart form: one file, its text fields, and the mapping as JSON text. */
const readForm = async (req: FastifyRequest): Promise<{ fields: Record<string, string>; upload: Upload }> => {
  if (!req.isMultipart()) throw badRequest('file', 'Send the report as multipart/form-data with a file field');
  const fields: Record<string, string> = {};
  let file: { name: string; bytes: Buffer } | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'file' && !file) file = { name: part.filename.slice(0, 255) || 'report', bytes };
      } else fields[part.fieldname] = String(part.value ?? '');
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest('file', TOO_BIG);
    throw badRequest('file', 'The upload was cut short or is not a valid form: send it again');
  }
  if (!file) throw badRequest('file', 'Choose a CSV or XLSX file');
  let mapping = null;
  if (fields.mapping?.trim()) {
    let json: unknown;
    try {
      json = JSON.parse(fields.mapping);
    } catch {
      throw badRequest('mapping', 'The mapping is not valid JSON');
    }
    const parsed = reconMappingSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw badRequest('mapping', `${issue.path.join('.') || 'mapping'}: ${issue.message}`);
    }
    mapping = parsed.data;
  }
  return { fields, upload: { ...file, mapping } };
};

/** The advertiser's report against ours (docs/product/reconciliation.md). */
export const reconciliationRoutes = async (app: FastifyInstance, { db }: AppDeps) => {
  // Only this module's routes take multipart bodies; one file, a few small fields.
  await app.register(multipart, {
    limits: { fileSize: RECON_FILE_MAX_BYTES, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 12 },
  });

  registerEndpoint(app, reconciliationApi.previewImport, async ({ auth, req }) => {
    const { fields, upload } = await readForm(req);
    const { advertiser_uuid } = fieldsOf(reconPreviewFieldsSchema, fields);
    return previewImport(db, auth!, advertiser_uuid, upload);
  });
  registerEndpoint(app, reconciliationApi.createImport, async ({ auth, req, ip }) => {
    const { fields, upload } = await readForm(req);
    return createImport(db, auth!, fieldsOf(reconUploadFieldsSchema, fields), upload, { ip });
  });
  registerEndpoint(app, reconciliationApi.listImports, ({ auth, query }) => listImports(db, auth!, query));
  registerEndpoint(app, reconciliationApi.getMapping, ({ auth, params }) => getMapping(db, auth!, params.uuid));
  registerEndpoint(app, reconciliationApi.putMapping, ({ auth, params, body, ip }) =>
    putMapping(db, auth!, params.uuid, body.mapping, { ip }),
  );
};
