import type { AuditAction } from '@pxl/contract';
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';

export type AuditEntry = {
  action: AuditAction;
  actorId?: string | null;
  subjectId?: string | null;
  ip?: string | null;
  details?: Record<string, unknown>;
};

export const writeAudit = (db: Db, e: AuditEntry) =>
  db.insert(auditLog).values({
    action: e.action,
    actorId: e.actorId ?? null,
    subjectId: e.subjectId ?? null,
    ip: e.ip ?? null,
    details: e.details ?? {},
  });

/** A change and its audit row commit together or not at all: a failed change leaves no audit row behind. */
export const inTransaction = <T>(db: Db, run: (tx: Db) => Promise<T>): Promise<T> =>
  db.transaction((tx) => run(tx as unknown as Db));
