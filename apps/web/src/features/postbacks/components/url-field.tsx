import { useState, type ReactNode } from 'react';
import { Button, Group, Input, Stack } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { macroUrlSchema } from '@pxl/contract/format/url-macros';
import type { PostbackEvent } from '@pxl/contract/postbacks/postbacks.schemas';
import { isApiError } from '@/lib/http/api-error.ts';
import { useSendTestPostback } from '../api/send-test-postback.ts';
import { TestResult, type TestOutcome } from './test-result.tsx';

/** A postback URL with its "Send test" button; the test's attempt shows below until closed. */
export function UrlField({
  label,
  name,
  description,
  event,
  value,
  error,
  onChange,
  onFocus,
}: {
  label: ReactNode;
  name: string;
  description?: ReactNode;
  event: PostbackEvent;
  value: string;
  error?: string;
  onChange: (url: string) => void;
  onFocus: () => void;
}) {
  const test = useSendTestPostback();
  const [outcome, setOutcome] = useState<TestOutcome | null>(null);
  const send = () => {
    const parsed = macroUrlSchema.safeParse(value);
    if (!parsed.success) return setOutcome({ failure: parsed.error.issues[0]?.message ?? 'Not a valid URL' });
    test.mutate(
      { url: parsed.data, event },
      {
        onSuccess: (attempt) => setOutcome({ attempt }),
        onError: (e) => setOutcome({ failure: isApiError(e) ? e.message : 'The test could not be sent' }),
      },
    );
  };
  return (
    <Stack gap={6}>
      <Input.Wrapper
        label={label}
        description={description}
        error={error}
        inputWrapperOrder={['label', 'description', 'input', 'error']}
      >
        <Group gap="xs" wrap="wrap" mt={description ? 4 : 0}>
          <Input
            name={name}
            placeholder="https://tracker.example/postback?cid={click_id}&payout={payout}"
            value={value}
            error={Boolean(error)}
            aria-label={typeof label === 'string' ? label : name}
            style={{ flex: 1, minWidth: 220 }}
            onFocus={onFocus}
            onChange={(e) => onChange(e.currentTarget.value)}
          />
          <Button
            variant="default"
            leftSection={<IconSend size={14} />}
            loading={test.isPending}
            disabled={!value.trim()}
            onClick={send}
          >
            Send test
          </Button>
        </Group>
      </Input.Wrapper>
      {outcome && <TestResult outcome={outcome} onClose={() => setOutcome(null)} />}
    </Stack>
  );
}
