import { Anchor, Card, Stack, Table, Text } from '@mantine/core';
import { messengerHref } from '@pxl/contract/format/messenger';
import { useSupportContacts } from '../api/get-support.ts';

/** The platform's support contacts from the general settings (docs/product/settings.md). */
export function SupportCard() {
  const support = useSupportContacts().data;
  const rows = [
    { label: 'E-mail', value: support?.support_email, href: messengerHref('email', support?.support_email) },
    { label: 'Telegram', value: support?.support_telegram, href: messengerHref('telegram', support?.support_telegram) },
    { label: 'Skype / phone', value: support?.support_phone, href: null },
  ].filter((r) => r.value);
  return (
    <Card withBorder radius="md" padding="lg" data-testid="support-card">
      <Stack gap="xs">
        <Text size="xs" tt="uppercase" fw={700} c="dimmed">
          Support
        </Text>
        {support && !rows.length && <Text c="dimmed">Write to us through a ticket.</Text>}
        <Table withRowBorders={false} verticalSpacing={4} horizontalSpacing={0}>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.label}>
                <Table.Td w={110}>
                  <Text size="sm" c="dimmed">
                    {r.label}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {r.href ? (
                    <Anchor href={r.href} target={r.label === 'Telegram' ? '_blank' : undefined} rel="noreferrer">
                      {r.value}
                    </Anchor>
                  ) : (
                    <Text size="sm">{r.value}</Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Card>
  );
}
