import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/harness.ts';
import { createUser, sessionFor } from '#test/factories.ts';
import { api } from '../managers/staff.fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const affiliate = async () => sessionFor(t.db, (await createUser(t.db, { role: 'affiliate' })).id);
// A loopback target is refused at once, so each test send is quick and reaches no network.
const sendTest = (token: string) =>
  api(t.app, 'POST', '/api/postbacks/v1/test', token, { url: 'http://127.0.0.1/pb?c={click_id}' });

describe('postback test rate limit', () => {
  it('lets an affiliate send 10 test postbacks a minute, then answers 429 in the envelope; others are not held back', async () => {
    const token = await affiliate();
    for (let i = 0; i < 10; i += 1) {
      const res = await sendTest(token);
      expect(res.status, res.body).toBe(200);
      expect(res.json.data.error).toMatch(/private or local address/);
    }
    const over = await sendTest(token);
    expect(over.status).toBe(429);
    expect(over.json).toEqual({
      status: 'error',
      data: null,
      error: { rate_limit: expect.stringMatching(/Too many attempts/) },
    });
    expect((await sendTest(await affiliate())).status).toBe(200);
  });
});
