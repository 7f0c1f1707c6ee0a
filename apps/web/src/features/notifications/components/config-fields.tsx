import { PasswordInput, TagsInput, TextInput } from '@mantine/core';
import type { FormState } from '@/components/forms/use-form-values.ts';
import type { ChannelValues } from './channel-values.ts';

type Props = { form: FormState<ChannelValues>; keepsSecret: boolean; apiBase: boolean; errors: Record<string, string> };

const kept = (keepsSecret: boolean) => (keepsSecret ? 'Stored; leave empty to keep it' : undefined);

/** The settings of the channel's kind; secrets are write-only, so an edit shows them empty. */
export function ConfigFields({ form, keepsSecret, apiBase, errors }: Props) {
  const at = (key: string) => errors[`config.${key}`];
  const text = (key: 'chat_id' | 'bot_token' | 'api_base' | 'webhook_url' | 'url' | 'secret') => ({
    ...form.text(key),
    name: `config.${key}`,
    error: at(key),
  });
  switch (form.values.kind) {
    case 'telegram':
      return (
        <>
          <TextInput
            label="Chat ID"
            required
            description="A numeric chat id, or @channelname"
            placeholder="-1001234567890"
            {...text('chat_id')}
          />
          <PasswordInput
            label="Bot token"
            required={!keepsSecret}
            placeholder={kept(keepsSecret) ?? '123456:ABC-…'}
            autoComplete="off"
            {...text('bot_token')}
          />
          {apiBase && (
            <TextInput
              label="Bot API base URL"
              placeholder="https://api.telegram.org"
              description="Leave empty for Telegram itself"
              {...text('api_base')}
            />
          )}
        </>
      );
    case 'slack':
      return (
        <PasswordInput
          label="Incoming webhook URL"
          required={!keepsSecret}
          placeholder={kept(keepsSecret) ?? 'https://hooks.slack.com/services/…'}
          autoComplete="off"
          {...text('webhook_url')}
        />
      );
    case 'webhook':
      return (
        <>
          <TextInput label="URL" required placeholder="https://example.com/alerts" {...text('url')} />
          <PasswordInput
            label="Signing secret"
            required={!keepsSecret}
            description="The HMAC-SHA256 key of the signature header, 16 characters or more"
            placeholder={kept(keepsSecret)}
            autoComplete="off"
            {...text('secret')}
          />
        </>
      );
    case 'email':
      return (
        <TagsInput
          label="Addresses"
          required
          description="Press Enter after each address"
          {...form.list('addresses')}
          name="config.addresses"
          error={at('addresses') ?? Object.entries(errors).find(([k]) => k.startsWith('config.addresses.'))?.[1]}
        />
      );
  }
}
