import type { AlertEvent, Channel, ChannelKind } from '@pxl/contract/notifications/notifications.schemas';

// The channel form's values and the bodies sent: a change leaves out empty secrets, which the server then keeps.

export type ChannelValues = {
  kind: ChannelKind;
  name: string;
  enabled: boolean;
  events: AlertEvent[];
  chat_id: string;
  bot_token: string;
  api_base: string;
  webhook_url: string;
  url: string;
  secret: string;
  addresses: string[];
};

const text = (config: Record<string, unknown>, key: string): string =>
  typeof config[key] === 'string' ? config[key] : '';

export function toValues(channel: Channel | undefined, kind: ChannelKind, ownEmail: string): ChannelValues {
  const config = channel?.config ?? {};
  const addresses = Array.isArray(config.addresses) ? config.addresses.filter((a) => typeof a === 'string') : [];
  return {
    kind: channel?.kind ?? kind,
    name: channel?.name ?? '',
    enabled: channel?.enabled ?? true,
    events: channel ? [...channel.events] : [],
    chat_id: text(config, 'chat_id'),
    bot_token: '',
    api_base: text(config, 'api_base'),
    webhook_url: '',
    url: text(config, 'url'),
    secret: '',
    addresses: channel ? addresses : ownEmail ? [ownEmail] : [],
  };
}

/** Only what is typed: an empty optional field is left out (a secret is then kept, an API base is the default). */
const typed = (entries: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(entries)
      .filter(([, v]) => v.trim() !== '')
      .map(([k, v]) => [k, v.trim()]),
  );

function config(v: ChannelValues, editing: boolean) {
  switch (v.kind) {
    case 'telegram':
      return { ...typed({ bot_token: v.bot_token, api_base: v.api_base }), chat_id: v.chat_id };
    case 'slack':
      return typed({ webhook_url: v.webhook_url });
    case 'webhook':
      return { ...typed({ secret: v.secret }), ...(editing && !v.url.trim() ? {} : { url: v.url.trim() }) };
    case 'email':
      return { addresses: v.addresses.map((a) => a.trim()).filter(Boolean) };
  }
}

/** The body of a create (`editing` false) or a change; both name the kind, as the schemas' unions want. */
export const toBody = (v: ChannelValues, editing: boolean) => ({
  kind: v.kind,
  name: v.name,
  enabled: v.enabled,
  events: v.events,
  config: config(v, editing),
});

/** Whether the kind keeps a secret the form shows as "stored, leave empty to keep". */
export const SECRET_FIELD: Partial<Record<ChannelKind, 'bot_token' | 'webhook_url' | 'secret'>> = {
  telegram: 'bot_token',
  slack: 'webhook_url',
  webhook: 'secret',
};
