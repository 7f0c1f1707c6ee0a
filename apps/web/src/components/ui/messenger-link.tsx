import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconBrandLinkedin, IconBrandSkype, IconBrandTelegram, IconMail, IconPhone } from '@tabler/icons-react';
import { messengerHref, MESSENGER_KINDS, type MessengerKind } from '@pxl/contract/format/messenger';

const ICONS = {
  skype: IconBrandSkype,
  telegram: IconBrandTelegram,
  email: IconMail,
  linkedin: IconBrandLinkedin,
} as const;

/** A messenger contact (skype, telegram, email, linkedin) as a link (docs/product/screens-and-lists.md). */
export function MessengerLink({ kind, value }: { kind: MessengerKind; value: string | null | undefined }) {
  const href = messengerHref(kind, value);
  if (!href || !value) return null;
  const Icon = ICONS[kind];
  const external = href.startsWith('http');
  return (
    <Anchor
      href={href}
      size="sm"
      target={external ? '_blank' : undefined}
      rel={external ? 'noreferrer' : undefined}
      title={`${kind}: ${value}`}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4, whiteSpace: 'nowrap' }}
    >
      <Icon size={14} aria-hidden />
      {value}
    </Anchor>
  );
}

type ContactMap = Partial<Record<MessengerKind | 'phone', string | undefined>>;

/** Every contact of a record: messengers as links, the phone as text. */
export function ContactLinks({ contacts }: { contacts: ContactMap }) {
  const links = MESSENGER_KINDS.filter((kind) => contacts[kind]);
  if (links.length === 0 && !contacts.phone)
    return (
      <Text span c="dimmed" size="sm">
        —
      </Text>
    );
  return (
    <Stack gap={2}>
      {links.map((kind) => (
        <MessengerLink key={kind} kind={kind} value={contacts[kind]} />
      ))}
      {contacts.phone && (
        <Group gap={4} wrap="nowrap">
          <IconPhone size={14} aria-hidden />
          <Text span size="sm">
            {contacts.phone}
          </Text>
        </Group>
      )}
    </Stack>
  );
}

/** Contacts as plain text for CSV: "skype: x; telegram: y". */
export const contactsText = (contacts: ContactMap): string =>
  Object.entries(contacts)
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}: ${v}`)
    .join('; ');
