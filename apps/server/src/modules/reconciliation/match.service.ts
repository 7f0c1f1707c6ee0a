// Classification of an import and its reads (docs/decisions/057-reconciliation-matching.md).
import type { ReconRowData, ReconSummary } from '@pxl/contract';
import type { Bucket, ConversionStatus } from './classify.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { PageQuery } from '../../lib/paging.ts';
import { partnerScope } from '../../lib/scope.ts';
import { generalSettings } from '../settings/index.ts';
import { classify, summarise } from './classify.ts';
import { loadOurSide, periodInstants } from './ours.ts';
import {
  appliedPerBucket,
  findImport,
  listRows,
  lockImport,
  readFileRows,
  writeClassification,
} from './match.repository.ts';
import { listImports } from './reconciliation.repository.ts';

/**
 * Matches an import's stored rows against our conversions and stores buckets, matches and the summary (state
 * `classified`). One transaction: a second run of the same import waits for the first, then replaces its result.
 */
export const classifyImport = async (db: Db, importId: string) => {
  const { time_zone } = await generalSettings.get(db);
  return db.transaction(async (tx) => {
    const imp = await lockImport(tx, importId);
    if (!imp) throw notFound('Import');
    const period = await periodInstants(tx, imp.periodFrom, imp.periodTo, time_zone);
    const fileRows = await readFileRows(tx, importId);
    const { ours, known } = await loadOurSide(tx, imp.advertiserId, period, fileRows);
    const rows = classify(fileRows, ours, period, known);
    const summary = summarise(rows);
    await writeClassification(tx, importId, rows, summary);
    return summary;
  });
};

/** An import in the caller's scope (admin and head all; a manager their advertisers'), else 404. */
const importInScope = async (db: Db, auth: AuthContext, id: string) => {
  const found = await findImport(db, id, partnerScope(auth));
  if (!found) throw notFound('Import');
  return found;
};

export const importSummary = async ({ db }: AppDeps, auth: AuthContext, id: string) => {
  let imp = await importInScope(db, auth, id);
  // The upload classifies after storing the file; if that failed, the first read does it (an apply needs it).
  if (imp.state === 'parsed') {
    await classifyImport(db, id);
    imp = await importInScope(db, auth, id);
  }
  // The list's row names the advertiser and the uploader the same way the list of imports does.
  const { list } = await listImports(db, auth, { uuid: id, page: 1, count: 1 });
  return {
    uuid: imp.id,
    advertiser_uuid: imp.advertiserId,
    advertiser: list[0].advertiser,
    created_by: list[0].created_by,
    period_from: imp.periodFrom,
    period_to: imp.periodTo,
    file_name: imp.fileName,
    state: imp.state,
    created_at: imp.createdAt.toISOString(),
    summary: imp.summary as ReconSummary | null,
    applied: await appliedPerBucket(db, id),
  };
};

type Applied = {
  conversion_id?: string | null;
  invoiced?: boolean;
  adjustment?: number;
  created?: { status: ConversionStatus; revenue: number };
  status?: { to: ConversionStatus } | null;
  revenue?: { to: number } | null;
  payout?: unknown;
};

/** What applying a row did, from the record the apply stored on it (apply-corrections.ts, apply-create.ts). */
const appliedOf = (a: Applied | null, ours: { status: ConversionStatus | null; amount: number | null }) => {
  if (!a) return null;
  const conversion_uuid = a.conversion_id ?? null;
  if (a.invoiced) {
    // Its revenue follows theirs even in an invoice; its status and payout stay, a payout change is the adjustment.
    const kind = a.adjustment ? ('adjustment' as const) : a.revenue ? ('changed' as const) : ('unchanged' as const);
    const amount = a.revenue?.to ?? ours.amount;
    return { kind, conversion_uuid, status: ours.status, amount, adjustment: a.adjustment ?? 0 };
  }
  if (a.created)
    return {
      kind: 'created' as const,
      conversion_uuid,
      status: a.created.status,
      amount: a.created.revenue,
      adjustment: null,
    };
  const changed = Boolean(a.status || a.revenue || a.payout);
  return {
    kind: changed ? ('changed' as const) : ('unchanged' as const),
    conversion_uuid,
    status: a.status?.to ?? ours.status,
    amount: a.revenue?.to ?? ours.amount,
    adjustment: null,
  };
};

export const importRows = async (
  { db }: AppDeps,
  auth: AuthContext,
  id: string,
  q: PageQuery & { bucket?: Bucket },
) => {
  await importInScope(db, auth, id);
  const { list, count } = await listRows(db, id, q.bucket, q);
  return {
    count,
    list: list.map((r) => ({
      uuid: r.id,
      line: r.line,
      bucket: r.bucket as Bucket | null,
      data: r.data as ReconRowData | null,
      conversion_uuid: r.conversionId,
      our_status: r.ourStatus as ConversionStatus | null,
      our_amount: r.ourAmount,
      our_currency: r.ourCurrency,
      applied_at: r.appliedAt?.toISOString() ?? null,
      applied: appliedOf(r.applied as Applied | null, {
        status: r.ourStatus as ConversionStatus | null,
        amount: r.ourAmount,
      }),
    })),
  };
};
