import { describe, expect, it } from 'vitest';
import { landingInputSchema, type Landing } from '@pxl/contract/landings/landings.schemas';
import { attachedOfferOptions, fieldError, landingBody, landingToValues } from './landing-form-values.ts';

const landing: Landing = {
  uuid: '6f1c1f5e-1d2b-4c3a-9e8f-0a1b2c3d4e5f',
  id: 101,
  name: 'Spin page',
  type: 'prelanding',
  url: 'https://lp.example/?c={click_id}',
  preview_url: null,
  languages: ['de'],
  privacy: 'private',
  status: 'stopped',
  tags: ['eu'],
  offers: [{ uuid: '7a1c1f5e-1d2b-4c3a-9e8f-0a1b2c3d4e5f', id: 1000, title: 'Royal Spins', status: 'active' }],
  created_at: '2026-01-01T00:00:00.000Z',
};

describe('landing form values', () => {
  it('round-trips a stored landing into a valid body', () => {
    const parsed = landingInputSchema.parse(landingBody(landingToValues(landing)));
    expect(parsed).toEqual({
      name: 'Spin page',
      type: 'prelanding',
      url: 'https://lp.example/?c={click_id}',
      preview_url: null,
      languages: ['de'],
      privacy: 'private',
      status: 'stopped',
      tags: ['eu'],
      offer_uuids: [landing.offers[0].uuid],
    });
    expect(attachedOfferOptions(landing)).toEqual([{ value: landing.offers[0].uuid, label: '#1000 Royal Spins' }]);
  });

  it('starts a new landing in moderation, public, as a landing', () => {
    expect(landingToValues()).toMatchObject({
      type: 'landing',
      status: 'moderation',
      privacy: 'public',
      offer_uuids: [],
    });
  });

  it('finds an item error under its field', () => {
    expect(fieldError({ 'languages.1': 'Unknown language' }, 'languages')).toBe('Unknown language');
    expect(fieldError({ url: 'Unknown macro: {foo}' }, 'url')).toBe('Unknown macro: {foo}');
    expect(fieldError({ 'tags.0': 'x' }, 'tag')).toBeUndefined();
  });
});
