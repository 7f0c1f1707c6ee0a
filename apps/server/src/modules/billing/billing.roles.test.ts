import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { billingApi, paymentsApi, type Endpoint } from '@pxl/contract';
import type { TestApp } from '#test/harness.ts';
import { call } from '#test/factories.ts';
import type { Member } from '../managers/staff.fixtures.ts';
import { startBillingWorld, type BillingWorld } from './billing.fixtures.ts';

let t: TestApp;
let w: BillingWorld;
beforeAll(async () => {
  ({ t, w } = await startBillingWorld());
});
afterAll(async () => {
  await t?.close();
});

const send = (e: Endpoint, m: Member) =>
  call(t.app, e.method, e.path.replace(':uuid', randomUUID()), { token: m.token, payload: e.body ? {} : undefined });
const FORBIDDEN = { status: 'error', data: null, error: { access: "Access forbidden. You don't have permission." } };

describe('who may call billing and payments', () => {
  it('billing: admin and head only; manager, team lead, affiliate and advertiser get 403', async () => {
    for (const e of Object.values(billingApi) as Endpoint[]) {
      for (const m of [w.managerA, w.lead, w.affA, w.adv]) {
        const res = await send(e, m);
        expect(res.statusCode, `${e.method} ${e.path}`).toBe(403);
        expect(res.json()).toEqual(FORBIDDEN);
      }
      for (const m of [w.admin, w.head]) expect((await send(e, m)).statusCode, `${e.method} ${e.path}`).not.toBe(403);
    }
  });

  it('payments: the affiliate only; every staff role and the advertiser get 403', async () => {
    for (const e of [paymentsApi.balance, paymentsApi.invoices, paymentsApi.invoice] as Endpoint[]) {
      for (const m of [w.admin, w.head, w.lead, w.managerA, w.adv]) {
        const res = await send(e, m);
        expect(res.statusCode, `${e.method} ${e.path}`).toBe(403);
        expect(res.json()).toEqual(FORBIDDEN);
      }
      expect((await send(e, w.affA)).statusCode, `${e.method} ${e.path}`).not.toBe(403);
    }
  });
});
