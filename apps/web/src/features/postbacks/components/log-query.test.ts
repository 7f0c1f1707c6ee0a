import { describe, expect, it } from 'vitest';
import { postbackLogQuery } from './log-query.ts';

const UUID = '0B7C4F5E-1A2B-4C3D-8E9F-0123456789AB';

describe('postback log query', () => {
  it('passes valid filters and drops what the server would refuse', () => {
    expect(
      postbackLogQuery(
        2,
        20,
        {
          affiliate_uuid: UUID,
          offer_uuid: 'x',
          status_code: '404',
          status: 'failed',
          date_from: '2026-01-02',
          date_to: '2026-1-2',
        },
        true,
      ),
    ).toEqual({
      page: 2,
      count: 20,
      affiliate_uuid: UUID.toLowerCase(),
      status_code: 404,
      status: 'failed',
      date_from: '2026-01-02',
    });
  });
  it('leaves the delivery status out of the inbound log', () => {
    expect(postbackLogQuery(1, 50, { status: 'failed', status_code: 'abc' }, false)).toEqual({ page: 1, count: 50 });
  });
});
