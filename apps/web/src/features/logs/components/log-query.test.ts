import { describe, expect, it } from 'vitest';
import { logQueryFrom } from './log-query.ts';

const UUID = '0b7c4f5e-1a2b-4c3d-8e9f-0123456789ab';

describe('logQueryFrom', () => {
  it('passes valid filters through', () => {
    expect(
      logQueryFrom(2, 50, { date_from: '2026-01-01', date_to: '2026-01-31', action: 'login', user_uuid: UUID }, true),
    ).toEqual({ page: 2, count: 50, date_from: '2026-01-01', date_to: '2026-01-31', action: 'login', user_uuid: UUID });
  });

  it('drops values the server would refuse', () => {
    expect(logQueryFrom(1, 50, { date_from: '01.01.2026', action: 'nope', user_uuid: 'abc' }, true)).toEqual({
      page: 1,
      count: 50,
    });
  });

  it('ignores the user filter for roles that see only their own log', () => {
    expect(logQueryFrom(1, 50, { user_uuid: UUID }, false)).toEqual({ page: 1, count: 50 });
  });
});
