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
  db.insert(auditLog).values({ action: e.action, actorId: e.actorId ?? null, subjectId: e.subjectId ?? null, ip: e.ip ?? null, details: e.details ?? {} });
