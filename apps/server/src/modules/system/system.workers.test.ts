import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { until } from '#test/harness.ts';
import { childServer } from '#test/child-server.ts';

let child: Awaited<ReturnType<typeof childServer>> | undefined;
afterAll(async () => {
  await child?.stop();
});

describe('server processes under WORKERS=2', () => {
  it('each worker writes its own heartbeat row', async () => {
    child = await childServer('system-workers', { WORKERS: '2' });
    await child.start();
    const db = child.db;
    const rows = await until(
      async () => (await db.execute<{ pid: number; host: string }>(sql`select pid, host from server_processes`)).rows,
      (r) => r.length >= 2,
      'a heartbeat row from each worker',
      180_000,
    );
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.pid)).size).toBe(2);
  });
});
