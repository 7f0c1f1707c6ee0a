import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { databaseBefore } from '#test/migrated-database.ts';

describe('migration 0032: invoices freeze the payment details', () => {
  it('fills every existing invoice with its affiliate details as they are at the migration', async () => {
    const { db, migrateRest, drop } = await databaseBefore('0032_invoice_payment_methods');
    try {
      const q = (text: string, values: unknown[] = []) => db.$client.query(text, values);
      const methods = [{ system: 'btc', details: 'bc1q-before', priority: 1 }];
      const [aff, bare] = [randomUUID(), randomUUID()];
      await q(
        `insert into users (id, email, password_hash, role, payment_methods) values
          ($1, 'a@test.local', 'x', 'affiliate', $3), ($2, 'b@test.local', 'x', 'affiliate', '[]')`,
        [aff, bare, JSON.stringify(methods)],
      );
      await q(
        `insert into invoices (affiliate_id, currency, status, total, paid) values
          ($1, 'USD', 'waiting', 100, 0), ($1, 'USD', 'partly_paid', 100, 50), ($1, 'USD', 'approved', 100, 100),
          ($2, 'USD', 'waiting', 100, 0)`,
        [aff, bare],
      );
      await migrateRest();
      const rows = (
        await q(`select affiliate_id, status, payment_methods from invoices order by affiliate_id = $1 desc, status`, [
          aff,
        ])
      ).rows;
      expect(rows).toEqual([
        { affiliate_id: aff, status: 'approved', payment_methods: methods },
        { affiliate_id: aff, status: 'partly_paid', payment_methods: methods },
        { affiliate_id: aff, status: 'waiting', payment_methods: methods },
        { affiliate_id: bare, status: 'waiting', payment_methods: [] },
      ]);
    } finally {
      await drop();
    }
    // Migrating a new database step by step takes a while on a busy machine.
  });
});
