import { useState } from 'react';
import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { isApiError } from '@/lib/http/api-error.ts';
import { notifySuccess } from '@/lib/notifications/notification-store.ts';
import { useApplyImport } from '../api/apply-import.ts';
import { applyBody, applyLines, resultText, targetCounts, type ApplyTarget } from './row-picks.ts';

/** The server's reason, field by field (400 on row_uuids names the row), or its one message (409). */
function errorLines(error: unknown): string[] {
  if (!isApiError(error)) return ['The rows could not be applied. Check the connection and try again.'];
  const fields = Object.values(error.fields);
  return fields.length ? fields : [error.message];
}

type Props = { uuid: string; target: ApplyTarget; onClose: () => void; onApplied: () => void };

/** Says in words what applying will do, then applies; the result is a notification, a refusal stays in view. */
export function ApplyModal({ uuid, target, onClose, onApplied }: Props) {
  const apply = useApplyImport(uuid);
  const [error, setError] = useState<unknown>(null);
  const total = targetCounts(target).reduce((n, [, c]) => n + c, 0);
  const run = () => {
    setError(null);
    apply.mutate(applyBody(target), {
      onSuccess: (result) => {
        notifySuccess(resultText(result));
        onApplied();
      },
      onError: setError,
    });
  };
  return (
    <Modal opened onClose={onClose} title="Apply to our conversions" centered size="lg">
      <Stack gap="sm" data-testid="apply-confirm">
        <List size="sm" spacing={4}>
          {applyLines(target).map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
        <Text size="sm">
          Statuses and amounts are taken from their report, and the statistics follow. A conversion in a live invoice is
          not changed: its correction becomes an adjustment on the affiliate&apos;s next invoice, named after this
          import.
        </Text>
        <Text size="sm" c="dimmed">
          All or nothing: if one row cannot be applied, nothing is. Rows applied before are left as they are.
        </Text>
        {error !== null && (
          <Alert color="red" title="Nothing was applied" data-testid="apply-error">
            {errorLines(error).map((line) => (
              <Text key={line} size="sm">
                {line}
              </Text>
            ))}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={apply.isPending} onClick={run}>
            Apply {total} {total === 1 ? 'row' : 'rows'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
