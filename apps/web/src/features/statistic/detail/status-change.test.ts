import { describe, expect, it } from 'vitest';
import { actionsFor, statusChangeBody } from './status-change.ts';

describe('conversion status actions', () => {
  it('offers every action but the current status', () => {
    expect(actionsFor('pending').map((a) => a.status)).toEqual(['approved', 'rejected', 'hold']);
    expect(actionsFor('approved').map((a) => a.status)).toEqual(['rejected', 'hold']);
    expect(actionsFor('hold').map((a) => a.status)).toEqual(['approved', 'rejected']);
  });
  it('approves without a reason, trimmed', () => {
    expect(statusChangeBody('approved', '  ')).toEqual({ ok: true, body: { status: 'approved', reason: '' } });
    expect(statusChangeBody('approved', ' checked ')).toEqual({
      ok: true,
      body: { status: 'approved', reason: 'checked' },
    });
  });
  it('asks for a reason to reject or hold, and at most 500 characters', () => {
    expect(statusChangeBody('rejected', ' ')).toEqual({ ok: false, errors: { reason: 'Give a reason' } });
    expect(statusChangeBody('hold', '')).toEqual({ ok: false, errors: { reason: 'Give a reason' } });
    expect(statusChangeBody('hold', 'x'.repeat(501))).toEqual({
      ok: false,
      errors: { reason: 'At most 500 characters' },
    });
    expect(statusChangeBody('rejected', 'fraud')).toEqual({ ok: true, body: { status: 'rejected', reason: 'fraud' } });
  });
});
