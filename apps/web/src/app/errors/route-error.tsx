import { useEffect } from 'react';
import { Code, Container, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ROUTE_ERROR_HEADING } from '@pxl/contract/http/messages';
import { FiveSquareLoader } from '@/components/ui/five-square-loader.tsx';
import { isChunkLoadError, scheduleChunkReload } from '@/lib/chunk-reload.ts';
import { reportError } from '@/lib/sentry.ts';

/** The route error fallback of docs/product/api-and-errors.md: the heading with the error status and text. */
export function RouteError() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);

  useEffect(() => {
    if (chunk) scheduleChunkReload();
    else reportError(error);
  }, [chunk, error]);

  if (chunk) return <FiveSquareLoader />;
  const status = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  const text = isRouteErrorResponse(error)
    ? typeof error.data === 'string'
      ? error.data
      : ''
    : error instanceof Error
      ? error.message
      : String(error);

  return (
    <Container size="sm" py={60}>
      <Stack gap="sm">
        <Title order={1} size="h2">
          {ROUTE_ERROR_HEADING}
        </Title>
        {status && <Text fw={600}>{status}</Text>}
        {text && <Code block>{text}</Code>}
      </Stack>
    </Container>
  );
}
