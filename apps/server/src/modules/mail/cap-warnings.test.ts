import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '#test/factories.ts';
import type { TestApp } from '#test/harness.ts';
import { clicks, offerCaps, offers } from '../../db/schema.ts';
import { warnFillingCaps } from './cap-warnings.ts';
import { startMailWorld } from './mail.fixtures.ts';
import { createOutboxMailer } from './mail.service.ts';

let t: TestApp;
beforeAll(async () => ({ t } = await startMailWorld()));
afterAll(() => t?.close());

const capMails = async () => (await t.sentMails()).filter((m) => m.subject.includes('80 % of its cap'));

describe('offer cap warning at 80 %', () => {
  it("mails the advertiser's manager and the admins once per period, not other managers", async () => {
    const admin = await createUser(t.db, { role: 'admin' });
    const manager = await createUser(t.db, { role: 'manager' });
    const other = await createUser(t.db, { role: 'manager' });
    const advertiser = await createUser(t.db, { role: 'advertiser', managerId: manager.id });
    const [offer] = await t.db
      .insert(offers)
      .values({
        type: 'direct_link',
        title: 'Slots Max',
        vertical: 'gambling',
        status: 'active',
        advertiserId: advertiser.id,
      })
      .returning();
    await t.db.insert(offerCaps).values({ offerId: offer.id, metric: 'clicks', period: 'day', limit: 5 });
    const click = () => t.db.insert(clicks).values({ id: randomUUID(), offerId: offer.id });
    const warn = () => warnFillingCaps(t.db, createOutboxMailer(t.db));

    for (let i = 0; i < 3; i++) await click();
    await warn();
    expect(await capMails()).toEqual([]);

    await click();
    await warn();
    await warn();
    const mails = await capMails();
    // Every admin (the world has one more) and the manager of the offer's advertiser, each once.
    expect(mails.map((m) => m.to)).toEqual(expect.arrayContaining([admin.email, manager.email]));
    expect(new Set(mails.map((m) => m.to)).size).toBe(mails.length);
    expect(mails.map((m) => m.to)).not.toContain(other.email);
    expect(mails[0].text).toContain('Offer Slots Max has used 4 of its daily cap of 5 clicks.');

    await click();
    await warn();
    expect(await capMails()).toHaveLength(mails.length);
  });
});
