import { describe, expect, it } from 'vitest';
import { emptyOverride, validate, valuesFrom } from './settings-values.ts';

const UUID = '0b7c4f5e-1a2b-4c3d-8e9f-0123456789ab';
const list = [
  { uuid: UUID, event: 'conversion' as const, offer: null, url: 'https://t.example/pb?c={click_id}' },
  {
    uuid: UUID,
    event: 'status_change' as const,
    offer: { id: 7, title: 'Coin' },
    url: 'https://t.example/s?s={status}',
  },
];

describe('postback settings values', () => {
  it('splits general URLs from per-offer rows and builds the PUT body back', () => {
    const values = valuesFrom(list);
    expect(values.general).toEqual({
      conversion: 'https://t.example/pb?c={click_id}',
      status_change: '',
      lead: '',
      ftd: '',
    });
    expect(values.overrides).toMatchObject([{ offer: { id: 7, title: 'Coin' }, event: 'status_change' }]);
    expect(validate(values).body).toEqual({
      items: [
        { event: 'conversion', offer_id: null, url: 'https://t.example/pb?c={click_id}' },
        { event: 'status_change', offer_id: 7, url: 'https://t.example/s?s={status}' },
      ],
    });
  });

  it('reports bad URLs, unknown macros, a missing offer and a duplicate offer and event', () => {
    const values = valuesFrom(list);
    values.general.lead = 'ftp://x';
    values.general.ftd = 'https://t.example/?x={nope}';
    const noOffer = { ...emptyOverride(), url: 'https://t.example/' };
    const dup = {
      ...emptyOverride(),
      offer: { id: 7, title: 'Coin' },
      event: 'status_change' as const,
      url: 'https://t.example/2',
    };
    values.overrides.push(noOffer, dup);
    const { errors, body } = validate(values);
    expect(body).toBeUndefined();
    expect(errors['general.lead']).toMatch(/http/);
    expect(errors['general.ftd']).toMatch(/Unknown macro: \{nope\}/);
    expect(errors[`overrides.${noOffer.key}.offer`]).toBe('Choose an offer');
    expect(errors[`overrides.${dup.key}.offer`]).toMatch(/already/);
  });
});
