import type { ReactNode } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { isApiError } from '@/lib/http/api-error.ts';
import { PageLoader } from '@/components/ui/record-loader.tsx';

/** Loading, not-found and failed states of an offer screen; a failure other than "not found" offers a retry. */
export function OfferLoader<T>({
  query,
  children,
}: {
  query: {
    data?: T;
    isPending: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
    isFetching: boolean;
  };
  children: (record: T) => ReactNode;
}) {
  if (query.isPending) return <PageLoader />;
  if (query.isError || !query.data) {
    const missing = isApiError(query.error) && query.error.status === 404;
    return (
      <Alert color="red" title={missing ? 'Not found' : 'Not available'}>
        <Group justify="space-between" gap="sm">
          <Text size="sm">
            {missing ? 'This offer does not exist or is not open to you.' : 'This offer could not be loaded.'}
          </Text>
          {!missing && (
            <Button size="compact-sm" variant="default" loading={query.isFetching} onClick={() => void query.refetch()}>
              Retry
            </Button>
          )}
        </Group>
      </Alert>
    );
  }
  return <>{children(query.data)}</>;
}
