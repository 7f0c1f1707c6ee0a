export const MESSENGER_KINDS = ['skype', 'telegram', 'email', 'linkedin'] as const;
export type MessengerKind = (typeof MESSENGER_KINDS)[number];

const URL_START = /^https?:\/\//i;

/** Link a messenger contact opens (docs/product/screens-and-lists.md); null when there is nothing to link. */
export function messengerHref(kind: MessengerKind | string, value: string | null | undefined): string | null {
  const contact = (value ?? '').trim();
  if (!contact) return null;
  switch (kind) {
    case 'skype':
      return `skype:${contact.replace(/^skype:/i, '').replace(/\?chat$/i, '')}?chat`;
    case 'telegram': {
      if (URL_START.test(contact)) return contact;
      const name = contact.replace(/^(t\.me|telegram\.me)\//i, '').replace(/^@/, '');
      return name ? `https://t.me/${name}` : null;
    }
    case 'email':
      return `mailto:${contact.replace(/^mailto:/i, '')}`;
    case 'linkedin':
      if (URL_START.test(contact)) return contact;
      if (/^(www\.)?linkedin\.com\//i.test(contact)) return `https://${contact}`;
      return `https://www.linkedin.com/in/${contact.replace(/^@/, '')}`;
    default:
      return null;
  }
}
