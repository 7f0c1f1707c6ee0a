import { Anchor, Button, Code, Group, Stack, Table, Tabs, Text } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LEAD_REFUSALS, REFUSAL_STATUS, type LeadRefusal } from '@pxl/contract/leads/leads.schemas';
import type { PortalOfferDetail } from '@pxl/contract/offers/portal.schemas';
import { copyToClipboard } from '@/lib/clipboard.ts';
import { usePortalApiKeys } from '../api/list-api-keys.ts';
import { createLeadCurl, REFUSAL_ANSWER, statusesAnswer, statusesCurl, SUCCESS_ANSWER } from './lead-api-example.ts';

const block = { whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontSize: 12 } as const;

function Snippet({ label, text, copy }: { label: string; text: string; copy?: boolean }) {
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        {copy && (
          <Button
            size="compact-xs"
            variant="light"
            leftSection={<IconCopy size={12} />}
            aria-label={`Copy: ${label}`}
            onClick={() => void copyToClipboard(text)}
          >
            Copy
          </Button>
        )}
      </Group>
      <Code block aria-label={label} style={block}>
        {text}
      </Code>
    </Stack>
  );
}

/** A curl call to send a lead to this offer, the answers it gets, and how to read statuses back, on this panel's own address. */
export function LeadApiExample({ offer }: { offer: PortalOfferDetail }) {
  const keys = usePortalApiKeys();
  const key = keys.data?.list[0]?.prefix ?? null;
  const landing = offer.landings.find((l) => l.type === 'landing') ?? null;
  const input = {
    origin: window.location.origin,
    offerId: offer.id,
    keyPrefix: key,
    country: offer.geos[0] ?? 'DE',
    landingId: landing?.id ?? null,
  };
  return (
    <Tabs defaultValue="send" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="send">Send a lead</Tabs.Tab>
        <Tabs.Tab value="answers">Answers</Tabs.Tab>
        <Tabs.Tab value="statuses">Statuses</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="send" pt="sm">
        <Stack gap="xs">
          <Snippet label="Send a lead" text={createLeadCurl(input)} copy />
          <Text size="xs" c="dimmed">
            <Code>X-Api-Key</Code>:{' '}
            {key ? 'the start of your first key is shown; paste the whole key.' : 'you have no key yet.'} A key&apos;s
            full value is shown only once, when it is created in{' '}
            <Anchor component={Link} to="/settings/security" size="xs">
              Settings › Security
            </Anchor>
            . <Code>Idempotency-Key</Code>: send the same one again when retrying a lead and you get the first answer
            back, never a second lead. Fields marked optional may be left out; <Code>test: true</Code> routes the lead
            without counting it or firing postbacks.
          </Text>
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="answers" pt="sm">
        <Stack gap="xs">
          <Snippet label="Accepted (200)" text={SUCCESS_ANSWER} />
          <Snippet label="Refused (here 422)" text={REFUSAL_ANSWER} />
          <Text size="xs" c="dimmed">
            Every refusal names its reason in <Code>error.reason</Code> (validation adds a message per field). A{' '}
            <Code>status</Code> of unknown means a buyer timed out: read the lead again with the statuses call.
          </Text>
          <Table withTableBorder verticalSpacing={4} fz="xs" aria-label="Refusal reasons">
            <Table.Tbody>
              {Object.entries(LEAD_REFUSALS).map(([reason, text]) => (
                <Table.Tr key={reason}>
                  <Table.Td>
                    <Code fz="xs">{reason}</Code>{' '}
                    <Text span size="xs" c="dimmed">
                      {REFUSAL_STATUS[reason as LeadRefusal]}
                    </Text>
                  </Table.Td>
                  <Table.Td>{text}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="statuses" pt="sm">
        <Stack gap="xs">
          <Snippet label="Read your leads' statuses" text={statusesCurl(input)} copy />
          <Text size="xs" c="dimmed">
            By default the last 7 days; filter with from, to (ISO dates), offer_id and lead_ids (comma-separated).
          </Text>
          <Snippet label="Statuses answer" text={statusesAnswer(offer.id)} />
        </Stack>
      </Tabs.Panel>
    </Tabs>
  );
}
