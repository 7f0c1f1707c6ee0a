import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_TEMPLATES } from '@pxl/contract';
import type { TestApp } from '#test/harness.ts';
import { createUser } from '#test/factories.ts';
import { api, type StaffWorld, startStaffWorld } from '../managers/staff.fixtures.ts';

let t: TestApp;
let w: StaffWorld;
let advertiserId: string;
beforeAll(async () => {
  ({ t, w } = await startStaffWorld());
  advertiserId = (await createUser(t.db, { role: 'advertiser', managerId: w.managerA.id })).id;
});
afterAll(async () => {
  await t?.close();
});

const withBody = (body: Record<string, string>) => {
  const integration = structuredClone(INTEGRATION_TEMPLATES.json) as { push: { body: Record<string, string> } };
  integration.push.body = body;
  return { name: 'Buyer', integration_type: 'json', integration };
};

describe('integration template field names', () => {
  it('negative: saving a product whose body field names reach a prototype is a 400 naming the rule', async () => {
    for (const name of ['__proto__.password', 'lead.constructor.prototype']) {
      const res = await api(
        t.app,
        'POST',
        `/api/advertisers/v1/${advertiserId}/products`,
        w.managerA.token,
        withBody({ [name]: '{email}' }),
      );
      expect(res.status, name).toBe(400);
      expect(res.json).toMatchObject({
        status: 'error',
        error: { 'integration.push.body': 'A field name may not contain __proto__, constructor, prototype' },
      });
    }
    expect(({} as Record<string, unknown>).password).toBeUndefined();
    const ok = await api(
      t.app,
      'POST',
      `/api/advertisers/v1/${advertiserId}/products`,
      w.managerA.token,
      withBody({ 'lead.email': '{email}' }),
    );
    expect(ok.status, ok.body).toBe(200);
  });
});
