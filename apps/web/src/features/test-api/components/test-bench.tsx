import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { Button, Grid, Paper, Stack, Text } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

/**
 * A test screen of Settings › Test API: the form on the left, what happened on the right (a hint until then).
 * On a phone the result lands below the form, out of sight: it is brought up. Beside the form it is seen already.
 */
export function TestBench<T>({
  label,
  formSpan,
  formPadding,
  onSubmit,
  form,
  data,
  result,
  hint,
}: {
  label: string;
  formSpan: number;
  formPadding: 'lg' | { base: 'sm'; sm: 'lg' };
  onSubmit: () => void;
  form: ReactNode;
  /** The last answer, if it still matches the form. */
  data: T | undefined;
  result: (data: T) => ReactNode;
  hint: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (data && el && el.getBoundingClientRect().top > window.innerHeight * 0.6)
      el.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [data]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <Grid gap="md" align="flex-start">
      <Grid.Col span={{ base: 12, lg: formSpan }}>
        <Paper withBorder radius="md" p={formPadding} component="form" onSubmit={submit} noValidate aria-label={label}>
          <Stack gap="sm">{form}</Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col
        span={{ base: 12, lg: 12 - formSpan }}
        ref={box}
        style={{ scrollMarginTop: 'calc(var(--app-shell-header-height, 56px) + 8px)' }}
      >
        {data ? (
          result(data)
        ) : (
          <Paper withBorder radius="md" p="lg" bg="var(--mantine-color-default-hover)">
            <Text size="sm" c="dimmed">
              {hint}
            </Text>
          </Paper>
        )}
      </Grid.Col>
    </Grid>
  );
}

/** The button that runs a test. */
export function RunButton({ icon: Icon, loading, children }: { icon: Icon; loading: boolean; children: string }) {
  return (
    <Button type="submit" leftSection={<Icon size={16} />} loading={loading} w="fit-content">
      {children}
    </Button>
  );
}
