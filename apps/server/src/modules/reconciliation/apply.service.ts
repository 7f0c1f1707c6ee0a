// Applying an import's rows to our conversions and invoices (docs/product/reconciliation.md, "Apply";
// docs/decisions/059-reconciliation-apply.md).
import { randomUUID } from 'node:crypto';
import { RECON_APPLICABLE_BUCKETS, type ReconApplyResult } from '@pxl/contract';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { inTransaction, writeAudit } from '../../lib/audit.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { refOf } from '../../lib/people.ts';
import { partnerScope } from '../../lib/scope.ts';
import { applyCorrections, rowName, type Outcome } from './apply-corrections.ts';
import { createConversions } from './apply-create.ts';
import { insertApply, listApplies, markApplied, readPicked, type PickedRow } from './apply.repository.ts';
import { findImport, lockImport } from './match.repository.ts';

const APPLICABLE = new Set<string>(RECON_APPLICABLE_BUCKETS);

const importInScope = async (db: Db, auth: AuthContext, id: string) => {
  const found = await findImport(db, id, partnerScope(auth));
  if (!found) throw notFound('Import');
  return found;
};

/** Refusals of what was picked by uuid: a row of another import, or one with nothing to apply. */
const checkPicked = (picked: PickedRow[], rowUuids: string[]) => {
  const found = new Set(picked.map((r) => r.id));
  const stranger = rowUuids.find((id) => !found.has(id));
  if (stranger) throw badRequest('row_uuids', `Row ${stranger} is not a row of this import`);
  const idle = picked.find((r) => r.byUuid && !APPLICABLE.has(r.bucket ?? ''));
  if (idle)
    throw badRequest('row_uuids', `${rowName(idle)} is ${idle.bucket ?? 'not classified'}: there is nothing to apply`);
};

const sum = (list: Outcome[], key: 'changed' | 'created' | 'adjusted') => list.filter((o) => o[key]).length;

/**
 * Applies the picked rows in one transaction under the import's row lock: a second apply of the same rows waits, then
 * finds them applied and changes nothing. Any refusal leaves everything as it was.
 */
export const applyImport = async (
  { db }: AppDeps,
  auth: AuthContext,
  id: string,
  body: { row_uuids: string[]; buckets: string[] },
  ip: string,
): Promise<ReconApplyResult> => {
  await importInScope(db, auth, id);
  return inTransaction(db, async (tx) => {
    const imp = (await lockImport(tx, id))!;
    if (imp.state !== 'classified')
      throw new AppError(409, { import: 'The import is not classified yet: nothing can be applied' });
    const picked = await readPicked(tx, id, body.row_uuids, body.buckets);
    checkPicked(picked, body.row_uuids);
    const todo = picked.filter((r) => !r.appliedAt);
    const already = picked.length - todo.length;
    if (!todo.length)
      return {
        apply_uuid: null,
        applied: 0,
        already_applied: already,
        conversions_changed: 0,
        conversions_created: 0,
        adjustments: 0,
      };
    const ctx = {
      actorId: auth.user.id,
      reason: `Reconciliation: ${imp.fileName}, ${imp.periodFrom} – ${imp.periodTo}`,
    };
    const outcomes = [
      ...(await applyCorrections(
        tx,
        todo.filter((r) => r.bucket !== 'missing_here'),
        ctx,
      )),
      ...(await createConversions(
        tx,
        imp.advertiserId,
        todo.filter((r) => r.bucket === 'missing_here'),
        ctx,
      )),
    ];
    const counts = {
      applied: outcomes.length,
      conversionsChanged: sum(outcomes, 'changed'),
      conversionsCreated: sum(outcomes, 'created'),
      adjustments: sum(outcomes, 'adjusted'),
    };
    const applyId = randomUUID();
    await insertApply(tx, { id: applyId, importId: id, createdBy: auth.user.id, ...counts });
    await markApplied(tx, applyId, auth.user.id, outcomes);
    await writeAudit(tx, {
      action: 'reconciliation_apply',
      actorId: auth.user.id,
      subjectId: imp.advertiserId,
      ip,
      details: { import_uuid: id, apply_uuid: applyId, already_applied: already, ...counts },
    });
    return {
      apply_uuid: applyId,
      applied: counts.applied,
      already_applied: already,
      conversions_changed: counts.conversionsChanged,
      conversions_created: counts.conversionsCreated,
      adjustments: counts.adjustments,
    };
  });
};

export const importApplies = async ({ db }: AppDeps, auth: AuthContext, id: string) => {
  await importInScope(db, auth, id);
  const rows = await listApplies(db, id);
  return {
    items: rows.map(({ a, first, last, email }) => {
      const by = refOf(a.createdBy, first, last, email);
      return {
        uuid: a.id,
        created_at: a.createdAt.toISOString(),
        by: by && { uuid: by.uuid, name: by.name },
        applied: a.applied,
        conversions_changed: a.conversionsChanged,
        conversions_created: a.conversionsCreated,
        adjustments: a.adjustments,
      };
    }),
  };
};
