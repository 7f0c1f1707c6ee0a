import { Stack, Title } from '@mantine/core';
import { MACROS } from '@pxl/contract/constants/constants.data';
import { PageFrame } from '@/components/ui/page-frame.tsx';
import { useConstants } from '@/features/constants/api/get-constants.ts';
import { OutboundTable } from '@/features/postbacks/components/outbound-table.tsx';
import { PostbackSettingsForm } from '@/features/postbacks/components/postback-settings-form.tsx';
import { useDisplayTimeZone } from './use-display-time-zone.ts';

/** Settings › Postback (affiliate): URLs per event and offer, test sends, and the log of their own postbacks. */
export function PostbackSettingsScreen() {
  // Until the constants arrive, the contract's own list says the same.
  const macros = useConstants().data?.macros ?? MACROS;
  const { timeZone } = useDisplayTimeZone();
  return (
    <PageFrame>
      <PostbackSettingsForm macros={macros} />
      <Stack gap="sm" mt="lg">
        <Title order={3}>Your postback log</Title>
        <OutboundTable timeZone={timeZone} staff={false} />
      </Stack>
    </PageFrame>
  );
}
