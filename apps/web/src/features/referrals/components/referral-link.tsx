import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { copyToClipboard } from '@/lib/clipboard.ts';

/** The link as the panel serves it (this origin + /signup?ref=CODE), with a copy button. */
export function ReferralLink({ linkPath, percent, months }: { linkPath: string; percent: number; months: number }) {
  const link = `${window.location.origin}${linkPath}`;
  return (
    <Stack gap="xs">
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label="Your referral link"
          value={link}
          readOnly
          style={{ flex: 1 }}
          data-testid="referral-link"
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button leftSection={<IconCopy size={16} />} onClick={() => void copyToClipboard(link)}>
          Copy
        </Button>
      </Group>
      <Text size="sm" c="dimmed" data-testid="referral-terms">
        {percent > 0
          ? `You earn ${percent}% of the approved payouts of every affiliate who signs up with this link, for ${months} ${
              months === 1 ? 'month' : 'months'
            } after they sign up. Earnings are paid with your invoices.`
          : 'Referral earnings are turned off on this network at the moment.'}
      </Text>
    </Stack>
  );
}
