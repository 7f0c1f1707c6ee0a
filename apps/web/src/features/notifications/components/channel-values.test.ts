import { describe, expect, it } from 'vitest';
import {
  channelCreateSchema,
  channelUpdateSchema,
  type Channel,
} from '@pxl/contract/notifications/notifications.schemas';
import { eventsFor, kindsFor } from './channel-labels.ts';
import { toBody, toValues } from './channel-values.ts';

const telegram: Channel = {
  uuid: '11111111-1111-4111-8111-111111111111',
  kind: 'telegram',
  name: 'Ops',
  enabled: true,
  events: ['cap_reached'],
  target: '-100123',
  config: { chat_id: '-100123', api_base: 'http://127.0.0.1:9999' },
  has_secret: true,
  owner: null,
  last_sent_at: null,
  last_error: null,
  created_at: '2026-05-01T00:00:00.000Z',
};

describe('channel form values', () => {
  it('a change leaves the empty bot token out, so the stored one is kept', () => {
    const body = channelUpdateSchema.parse(toBody({ ...toValues(telegram, 'telegram', ''), name: 'Ops 2' }, true));
    expect(body).toEqual({
      kind: 'telegram',
      name: 'Ops 2',
      enabled: true,
      events: ['cap_reached'],
      config: { chat_id: '-100123', api_base: 'http://127.0.0.1:9999' },
    });
  });

  it('a new Slack channel sends its webhook URL; without one the schema still parses, the server decides', () => {
    const values = { ...toValues(undefined, 'slack', ''), name: 'Alerts', webhook_url: ' http://127.0.0.1:5/hook ' };
    expect(channelCreateSchema.parse(toBody(values, false)).config).toEqual({ webhook_url: 'http://127.0.0.1:5/hook' });
  });

  it("starts a manager's or an affiliate's e-mail channel on their own address", () => {
    expect(toValues(undefined, 'email', 'aff@demo.test').addresses).toEqual(['aff@demo.test']);
    const refused = channelCreateSchema.safeParse(toBody({ ...toValues(undefined, 'email', ''), name: 'x' }, false));
    expect(refused.error?.issues[0]?.path.join('.')).toBe('config.addresses');
  });

  it('offers an affiliate Telegram and e-mail and the events of its own traffic only', () => {
    expect(kindsFor('affiliate')).toEqual(['telegram', 'email']);
    expect(kindsFor('manager')).toEqual(['telegram', 'email']);
    expect(kindsFor('head')).toEqual(['telegram', 'slack', 'webhook', 'email']);
    expect(eventsFor('affiliate')).toEqual(['cap_reached', 'offer_paused', 'conversion_rejected']);
  });
});
