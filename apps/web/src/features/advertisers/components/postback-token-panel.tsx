import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { advertisersApi } from '@pxl/contract/advertisers/index';
import { INTEGRATION_GUIDE_PATH } from '@pxl/contract/http/docs';
import type { Advertiser } from '@pxl/contract/advertisers/advertisers.schemas';
import { copyToClipboard } from '@/lib/clipboard.ts';
import { useCurrentRole } from '@/lib/session/auth-store.ts';
import { useRotatePostbackToken } from '../api/rotate-postback-token.ts';

/** A token just issued: the only time it is on screen, since the server keeps only its hash (docs/decisions/016-token-totp-audit.md). */
export function IssuedToken({ token }: { token: string }) {
  return (
    <Alert color="yellow" title="Copy the postback token now: it is not shown again">
      <TextInput
        readOnly
        value={token}
        name="postback_token"
        aria-label="New postback token"
        maw={520}
        rightSection={
          <Tooltip label="Copy">
            <ActionIcon variant="subtle" aria-label="Copy postback token" onClick={() => void copyToClipboard(token)}>
              <IconCopy size={16} />
            </ActionIcon>
          </Tooltip>
        }
      />
    </Alert>
  );
}

const hintOf = (hint: string) => (hint ? `••••${hint}` : 'No token yet');

/** The token's last characters, and for those who may: a new token, confirmed first since the old one stops working at once. */
export function PostbackTokenPanel({ advertiser }: { advertiser: Advertiser }) {
  const role = useCurrentRole();
  const rotate = useRotatePostbackToken(advertiser.uuid);
  const [confirming, setConfirming] = useState(false);
  const [issued, setIssued] = useState<{ postback_token: string; postback_token_hint: string } | null>(null);
  const canRotate = role !== null && (advertisersApi.rotatePostbackToken.roles as readonly string[]).includes(role);
  const confirm = () =>
    rotate.mutate(undefined, {
      onSuccess: (data) => {
        setIssued(data);
        setConfirming(false);
      },
    });
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>Postback</Title>
          <Anchor href={INTEGRATION_GUIDE_PATH} target="_blank" size="sm">
            Integration guide: the postback URL
          </Anchor>
        </Group>
        <TextInput
          label="Postback token"
          readOnly
          value={hintOf(issued?.postback_token_hint ?? advertiser.postback_token_hint)}
          name="postback_token_hint"
          maw={520}
          description="Sent by the advertiser with every inbound postback. Only its last 4 characters are shown; issue a new token to get a whole one."
        />
        {issued && <IssuedToken token={issued.postback_token} />}
        {canRotate && (
          <Group>
            <Button variant="default" onClick={() => setConfirming(true)}>
              Issue a new token
            </Button>
          </Group>
        )}
        <Modal opened={confirming} onClose={() => setConfirming(false)} title="Issue a new postback token" centered>
          <Text size="sm">
            The current token stops working at once: the advertiser must send the new one with every postback.
          </Text>
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button loading={rotate.isPending} onClick={confirm}>
              Issue the token
            </Button>
          </Group>
        </Modal>
      </Stack>
    </Paper>
  );
}
