import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { TEST_SECRET_KEY, type TestApp } from '#test/harness.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config/config.ts';
import { mailOutbox } from '../../db/schema.ts';
import { mailLog, requestReset, startMailWorld, until, type MailWorld } from './mail.fixtures.ts';

// Two processes on one database, as a restart leaves them: the first queues mail and stops without a worker, the
// next delivers it. Both write their application log at the most verbose level to memory.
let t: TestApp, w: MailWorld;
beforeAll(async () => ({ t, w } = await startMailWorld()));
afterAll(() => t?.close());

const logs: string[] = [];
const processOn = async (jobs: boolean) => {
  const { app } = await buildApp({
    db: t.db,
    config: loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: 'postgres://unused/db',
      ALLOW_PRIVATE_POSTBACK_TARGETS: 'true',
    }),
    distDir: '/nonexistent',
    secretKey: TEST_SECRET_KEY,
    logger: { level: 'trace', stream: new Writable({ write: (c, _e, done) => done(void logs.push(String(c))) }) },
    jobs: jobs ? { pollingIntervalSeconds: 1 } : { start: false },
  });
  await app.ready();
  return app;
};
const received = (to: string) => t.smtp!.mails.filter((m) => m.to === to);

describe('the mail queue across a restart', () => {
  it('delivers what a stopped process queued, and what a dead one left mid-send; no reset link in any log', async () => {
    const first = await processOn(false);
    const to = await requestReset({ ...t, app: first });
    const [stuck] = await t.db
      .insert(mailOutbox)
      .values({
        to: 'stuck@acme.test',
        subject: 'Left mid-send',
        template: 'ticket_reply',
        text: 'x',
        html: 'x',
        status: 'sending',
        attempts: 1,
        updatedAt: sql`now() - interval '10 minutes'`,
      })
      .returning();
    await first.close();
    expect(received(to)).toEqual([]);

    const next = await processOn(true);
    try {
      await until(
        async () => [...received(to), ...received('stuck@acme.test')],
        (m) => m.length === 2,
        'both mails',
      );
    } finally {
      await next.close();
    }
    const link = received(to)[0].text.match(/https?:\/\/\S+token=[\w-]+/)![0];
    const token = link.split('token=')[1];
    expect(logs.length).toBeGreaterThan(0);
    // Not the token (the log's URL scrubbing would hide that alone), nor any part of the mail's body.
    expect(logs.join('\n')).not.toContain(token);
    expect(logs.join('\n')).not.toContain('/password-recovery?token');

    const log = await t.app.inject({
      method: 'GET',
      url: '/api/mail/v1/log',
      headers: { 'pxl-authorization': w.admin },
    });
    expect(log.json().data.list).toEqual(
      expect.arrayContaining([expect.objectContaining({ to, template: 'password_reset', status: 'sent' })]),
    );
    expect(log.body).not.toContain(token);
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
    expect(row).toMatchObject({ text: null, html: null, sensitive: true });
    expect((await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, stuck.id)))[0].status).toBe('sent');
  });

  it('pages the log, filters by status and template, and searches by address', async () => {
    const a = await requestReset(t);
    await requestReset(t);
    const page = await mailLog(t, w.head, '?count=1&page=1&template=password_reset');
    expect(page.list).toHaveLength(1);
    expect(page.count).toBeGreaterThanOrEqual(3);
    const found = await mailLog(t, w.admin, `?search=${encodeURIComponent(a.toUpperCase())}&status=queued`);
    expect(found.list.map((e) => e.to)).toEqual([a]);
    expect((await mailLog(t, w.admin, '?status=failed')).list).toEqual([]);
  });
});
