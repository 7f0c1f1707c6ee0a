import { LOG_MIN_DAYS, type RawDataRetention } from '@pxl/contract';
import type { Db } from '../../db/client.ts';
import { getGeneralSettings } from '../settings/index.ts';
import {
  dropExpired,
  ensurePartitions,
  oldestKeptDay,
  type MaintenanceResult,
  type RetentionDays,
} from './partitions.ts';

/** Raw clicks keep the setting's days; the postback logs as long, and never less than a year (decision 030). */
export const retentionDays = async (db: Db): Promise<RetentionDays> => {
  const { raw_clicks_days } = await getGeneralSettings(db);
  return { clicks: raw_clicks_days, logs: Math.max(raw_clicks_days, LOG_MIN_DAYS) };
};

/** The hourly run: expired partitions dropped, the ones ahead made. Rollups are never touched. */
export const runRetention = async (db: Db, now = new Date()): Promise<MaintenanceResult> => {
  // Expired rows go first, so no partition is made for rows of the DEFAULT partition only to be dropped at once.
  const dropped = await dropExpired(db, await retentionDays(db), now);
  const made = await ensurePartitions(db, now);
  return {
    created: made.created,
    dropped: dropped.dropped,
    failed: [...made.failed, ...dropped.failed],
  };
};

export const rawDataRetention = async (db: Db): Promise<RawDataRetention> => {
  const days = await retentionDays(db);
  const [clicksFrom, inboundFrom, attemptsFrom] = await Promise.all(
    ['clicks', 'inbound_postbacks', 'outbound_attempts'].map((t) => oldestKeptDay(db, t)),
  );
  // The two postback logs share their retention; the later of their first days is what both still cover.
  const logsFrom =
    [inboundFrom, attemptsFrom]
      .filter((d) => d !== null)
      .sort()
      .at(-1) ?? null;
  return { raw_clicks_days: days.clicks, clicks_from: clicksFrom, logs_days: days.logs, logs_from: logsFrom };
};
