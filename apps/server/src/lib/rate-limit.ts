import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { tooManyRequests } from './errors.ts';

export type Limit = { key: string; max: number; windowMs: number };

/** Count one hit in a fixed window shared by all processes: the hits so far and the seconds left in the window. */
const countHit = async (db: Db, { key, windowMs }: Limit) => {
  const { rows } = await db.execute<{ hits: number; seconds_left: number }>(sql`
    insert into rate_limits (key, window_start, hits) values (${key}, now(), 1)
    on conflict (key) do update set
      hits = case when rate_limits.window_start < now() - make_interval(secs => ${windowMs / 1000}) then 1 else rate_limits.hits + 1 end,
      window_start = case when rate_limits.window_start < now() - make_interval(secs => ${windowMs / 1000}) then now() else rate_limits.window_start end
    returning hits,
      greatest(1, ceil(extract(epoch from window_start + make_interval(secs => ${windowMs / 1000}) - now())))::int as seconds_left`);
  return { hits: Number(rows[0].hits), left: Number(rows[0].seconds_left) };
};

/** Count one hit in a fixed window shared by all processes; returns the hits so far in the window. */
export const hitLimit = async (db: Db, limit: Limit) => (await countHit(db, limit)).hits;

export const peekLimit = async (db: Db, { key, windowMs }: Limit) => {
  const { rows } = await db.execute<{ hits: number }>(sql`
    select hits from rate_limits where key = ${key} and window_start >= now() - make_interval(secs => ${windowMs / 1000})`);
  return rows.length ? Number(rows[0].hits) : 0;
};

export const enforceLimit = async (db: Db, limit: Limit) => {
  if ((await hitLimit(db, limit)) > limit.max) throw tooManyRequests(limit.windowMs / 1000);
};

/** Counts the hit; 0 when it is allowed, else the seconds until the window ends (for Retry-After). */
export const waitForLimit = async (db: Db, limit: Limit) => {
  const { hits, left } = await countHit(db, limit);
  return hits > limit.max ? left : 0;
};

export const clearLimit = (db: Db, key: string) => db.execute(sql`delete from rate_limits where key = ${key}`);
