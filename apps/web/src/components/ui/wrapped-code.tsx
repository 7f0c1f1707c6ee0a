import type { ReactNode } from 'react';
import { Code, Text } from '@mantine/core';

/** A URL or a body as sent or received: wrapped anywhere, scrolled past `maxHeight` when given. */
export function WrappedCode({ maxHeight, children }: { maxHeight?: number; children: ReactNode }) {
  const scroll = maxHeight === undefined ? {} : { maxHeight, overflow: 'auto' as const };
  return (
    <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', ...scroll }}>
      {children}
    </Code>
  );
}

/** An HTTP call's answer code (as the caller shows it) and how long it took. */
export function CodeAndDuration({ code, ms }: { code: ReactNode; ms: number }) {
  return (
    <>
      <Text size="sm">Code: {code}</Text>
      <Text size="sm" c="dimmed">
        {ms} ms
      </Text>
    </>
  );
}

/** What a call got back: its error in red, or the body it received. */
export function CallAnswer({
  error,
  body,
  maxHeight,
  label,
}: {
  error: string | null;
  body: string | null;
  maxHeight: number;
  /** A caption above the body. */
  label?: string;
}) {
  if (error)
    return (
      <Text size="sm" c="red.7">
        Error: {error}
      </Text>
    );
  return (
    <>
      {label && (
        <Text size="xs" c="dimmed">
          {label}
        </Text>
      )}
      <WrappedCode maxHeight={maxHeight}>{body || '(empty body)'}</WrappedCode>
    </>
  );
}
