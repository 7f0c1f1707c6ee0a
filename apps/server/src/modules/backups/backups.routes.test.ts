import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createStaffWorld, type StaffWorld } from '../managers/staff.fixtures.ts';
import { createTestWorld, until, type TestApp } from '#test/harness.ts';

const SETTINGS = '/api/backups/v1/settings';
const RUNS = '/api/backups/v1/runs';

describe('backups API', () => {
  let t: TestApp;
  let w: StaffWorld;
  let dataDir: string;
  beforeAll(async () => {
    // An empty DATA_DIR: no embedded cluster runs there, as on a panel that uses DATABASE_URL.
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'pxl-backups-api-'));
    ({ t, w } = await createTestWorld((app) => createStaffWorld(app.db), { DATA_DIR: dataDir }));
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is for admin and head only: a manager and a team lead get 403 in the error envelope', async () => {
    for (const who of [w.managerA, w.lead]) {
      for (const [method, url, body] of [
        ['GET', SETTINGS],
        ['PUT', SETTINGS, { enabled: true }],
        ['GET', RUNS],
        ['POST', RUNS],
      ] as const) {
        const res = await api(t.app, method, url, who.token, body);
        expect({ method, url, status: res.status, json: res.json }).toMatchObject({
          status: 403,
          json: { status: 'error', data: null, error: { access: expect.any(String) } },
        });
      }
    }
  });

  it('keeps the schedule an admin or head saves; a field left out keeps its value; bad values are refused', async () => {
    expect((await api(t.app, 'GET', SETTINGS, w.admin.token)).json.data).toEqual({
      enabled: false,
      time: '03:00',
      keep: 7,
    });
    const saved = await api(t.app, 'PUT', SETTINGS, w.head.token, { enabled: true, time: '23:45', keep: 3 });
    expect(saved.json.data).toEqual({ enabled: true, time: '23:45', keep: 3 });
    await api(t.app, 'PUT', SETTINGS, w.admin.token, { keep: 5 });
    expect((await api(t.app, 'GET', SETTINGS, w.admin.token)).json.data).toEqual({
      enabled: true,
      time: '23:45',
      keep: 5,
    });
    const bad = await api(t.app, 'PUT', SETTINGS, w.admin.token, { time: '24:00', keep: 0 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.error!).sort()).toEqual(['keep', 'time']);
  });

  it('"back up now" starts a run that the list shows; without an embedded database it fails saying why', async () => {
    const started = await api(t.app, 'POST', RUNS, w.admin.token);
    expect(started.status).toBe(200);
    expect(started.json.data).toMatchObject({ trigger: 'manual', status: 'running' });
    const list = await until(
      async () => (await api(t.app, 'GET', RUNS, w.head.token)).json.data,
      (d) =>
        d.items.some(
          (r: { uuid: string; status: string }) => r.uuid === started.json.data.uuid && r.status !== 'running',
        ),
      'the run to end',
    );
    expect(list.embedded).toBe(false);
    expect(list.directory).toBe(path.join(dataDir, 'backups'));
    expect(list.items[0]).toMatchObject({
      uuid: started.json.data.uuid,
      status: 'failed',
      error: expect.stringMatching(/external database \(DATABASE_URL\).*provider's backups/),
    });
  });
});
