import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { TestApp } from '#test/harness.ts';
import { auditLog } from '../../db/schema.ts';
import { api, startStaffWorld, type StaffWorld } from '../managers/staff.fixtures.ts';

let t: TestApp;
let w: StaffWorld;
beforeAll(async () => {
  ({ t, w } = await startStaffWorld());
});
afterAll(async () => {
  await t?.close();
});

const readPublic = async (name: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/settings/v1/documents/${name}` });
  return { status: res.statusCode, json: res.json() };
};

const texts = (over: Record<string, string> = {}) => ({
  user_agreement: '## Parties\n\nUs and you.',
  user_privacy_policy: '## Data\n\nWe keep little.',
  user_terms_and_conditions: '## Terms\n\nBe fair.',
  ...over,
});

describe('public documents', () => {
  it('shows the starting texts rendered to anyone, without signing in', async () => {
    const res = await readPublic('user-privacy-policy');
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      name: 'user-privacy-policy',
      title: 'Privacy Policy',
      updated_at: '2026-01-01T00:00:00.000Z',
    });
    expect(res.json.data.html).toContain('<h2>What we collect</h2>');
    expect((await readPublic('user-secrets')).status).toBe(400);
  });

  it('lets admin and head change the Markdown; visitors get it sanitised, with the new date on that page only', async () => {
    const hostile = [
      '## Rules',
      '<script>alert(1)</script><img src="https://cdn.example/x.png" onerror="alert(2)">',
      '[contact](javascript:alert(3)) or [mail](mailto:support@example.com)',
      '<iframe src="https://evil.example"></iframe><svg onload="alert(4)"></svg>',
    ].join('\n\n');
    const saved = await api(
      t.app,
      'PUT',
      '/api/settings/v1/documents',
      w.head.token,
      texts({ user_agreement: hostile }),
    );
    expect(saved.status, saved.body).toBe(200);
    expect((await api(t.app, 'GET', '/api/settings/v1/documents', w.admin.token)).json.data.user_agreement).toBe(
      hostile,
    );

    const page = (await readPublic('user-agreement')).json.data;
    expect(page.html).toContain('<h2>Rules</h2>');
    expect(page.html).toContain(
      '<a href="mailto:support@example.com" rel="noopener noreferrer" target="_blank">mail</a>',
    );
    expect(page.html).not.toMatch(/<script|onerror|onload|javascript:|<iframe|<svg/i);
    expect(Date.parse(page.updated_at)).toBeGreaterThan(Date.parse('2026-01-02'));

    // Saving the same agreement again keeps its date; the changed terms get a new one.
    await api(
      t.app,
      'PUT',
      '/api/settings/v1/documents',
      w.admin.token,
      texts({ user_agreement: hostile, user_terms_and_conditions: 'New' }),
    );
    expect((await readPublic('user-agreement')).json.data.updated_at).toBe(page.updated_at);
    expect((await readPublic('user-terms-and-conditions')).json.data.html).toBe('<p>New</p>');
  });

  it('audits which documents changed, by length rather than by text', async () => {
    await api(t.app, 'PUT', '/api/settings/v1/documents', w.admin.token, texts({ user_privacy_policy: 'Short' }));
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, w.admin.id), sql`${auditLog.details}->>'section' = 'documents'`))
      .orderBy(sql`${auditLog.createdAt} desc`)
      .limit(1);
    expect(row.details).toMatchObject({ section: 'documents', changed: { user_privacy_policy: { to_length: 5 } } });
    expect(JSON.stringify(row.details)).not.toContain('Short');
  });

  it('refuses an empty text naming the document, and is closed to other roles', async () => {
    const res = await api(t.app, 'PUT', '/api/settings/v1/documents', w.admin.token, texts({ user_agreement: '  ' }));
    expect(res.status).toBe(400);
    expect(res.json.error).toHaveProperty('user_agreement');
    for (const m of [w.managerA, w.lead]) {
      expect((await api(t.app, 'PUT', '/api/settings/v1/documents', m.token, texts())).status).toBe(403);
    }
  });
});
