import { describe, expect, it } from 'vitest';
import { savedFilters, searchFilters } from './search-query.ts';

const OFFER = '0b7c4f5e-1a2b-4c3d-8e9f-0123456789ab';

describe('add page filters', () => {
  it("reads a list's saved filters back as URL values: lists comma-separated, never FTD as 'true'", () => {
    const saved = { offer: [OFFER], geo: ['DE', 'AT'], lead_status: ['failed'], never_ftd: 'true', tz: 'Europe/Kyiv' };
    expect(savedFilters(saved, 'user_session')).toEqual({
      offer: OFFER,
      geo: 'DE,AT',
      lead_status: 'failed',
      never_ftd: 'true',
    });
  });

  it('leaves the conversion status off the user-session tab, where the server refuses it', () => {
    const saved = { conversion_status: ['hold'], geo: [] };
    expect(savedFilters(saved, 'user_session')).toEqual({});
    expect(savedFilters(saved, 'conversion')).toEqual({ conversion_status: 'hold' });
    expect(savedFilters(null, 'conversion')).toEqual({});
  });

  it('sends the search text and the zone the days are read in with the filters', () => {
    expect(searchFilters({ filters: { geo: 'DE' }, search: 'a@b.test' }, 'UTC')).toEqual({
      geo: 'DE',
      search: 'a@b.test',
      tz: 'UTC',
    });
    expect(searchFilters({ filters: {}, search: '' }, 'Europe/Kyiv')).toEqual({ tz: 'Europe/Kyiv' });
  });
});
