import { MAIL_STATUSES, type SystemOverview, type TableSize } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { lastBackup } from '../backups/index.ts';
import { rawDataRetention } from '../retention/index.ts';
import {
  selectMailCounts,
  selectNow,
  selectProcesses,
  selectQueueDepths,
  selectRejectedRows,
  selectRelationSizes,
  selectScheduleRuns,
  type RelationRow,
} from './system.repository.ts';

const rowsOf = (r: RelationRow) => (r.rows_about < 0 ? null : Math.round(r.rows_about));

/** Partitions go under their top-level table, whose size and rows are their sum; largest tables first. */
export const groupRelations = (relations: RelationRow[]): TableSize[] => {
  const key = (schema: string, name: string) => `${schema}.${name}`;
  const tables = new Map<string, TableSize>();
  for (const r of relations.filter((r) => r.root_name === null))
    tables.set(key(r.schema, r.name), {
      schema: r.schema,
      name: r.name,
      bytes: r.bytes,
      rows_about: rowsOf(r),
      partitions: [],
    });
  for (const r of relations) {
    if (r.root_schema === null || r.root_name === null) continue;
    const table = tables.get(key(r.root_schema, r.root_name));
    if (!table) continue;
    const rows = rowsOf(r);
    table.partitions.push({
      name: r.schema === table.schema ? r.name : key(r.schema, r.name),
      bytes: r.bytes,
      rows_about: rows,
    });
    table.bytes += r.bytes;
    if (rows !== null) table.rows_about = (table.rows_about ?? 0) + rows;
  }
  for (const t of tables.values()) t.partitions.sort((a, b) => b.name.localeCompare(a.name));
  return [...tables.values()].sort((a, b) => b.bytes - a.bytes || a.name.localeCompare(b.name));
};

/** The system screen in one read; every part bounded (system.repository.ts). */
export const systemOverview = async (db: Db, currentProcess: string): Promise<SystemOverview> => {
  const [now, processes, sizes, retention, queues, schedules, mail, rejected, backup] = await Promise.all([
    selectNow(db),
    selectProcesses(db),
    selectRelationSizes(db),
    rawDataRetention(db),
    selectQueueDepths(db),
    selectScheduleRuns(db),
    selectMailCounts(db, MAIL_STATUSES),
    selectRejectedRows(db),
    lastBackup(db),
  ]);
  return {
    now,
    processes: processes.map((p) => ({ ...p, current: p.id === currentProcess })),
    database: { total_bytes: sizes.totalBytes, tables: groupRelations(sizes.relations) },
    retention,
    jobs: { queues, schedules },
    mail,
    rejected_rows: rejected,
    last_backup: backup,
  };
};
