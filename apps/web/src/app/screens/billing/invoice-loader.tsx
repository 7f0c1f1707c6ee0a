import type { ReactNode } from 'react';
import { Alert, Button, Center, Loader, Text } from '@mantine/core';
import { isApiError } from '@/lib/http/api-error.ts';

type Query<T> = {
  data?: T;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
};

/** Loading and failure states of an invoice screen: a failed load says so with a retry, never an empty form. */
export function InvoiceLoader<T>({ query, children }: { query: Query<T>; children: (record: T) => ReactNode }) {
  if (query.isPending)
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  if (query.isError || !query.data) {
    const missing = isApiError(query.error) && (query.error.status === 404 || query.error.status === 400);
    return (
      <Alert color="red" title={missing ? 'Invoice not found' : 'The invoice could not be loaded'}>
        <Text size="sm" mb="sm">
          {missing ? 'It may have been deleted, or the link is wrong.' : 'Check the connection and try again.'}
        </Text>
        {!missing && (
          <Button size="xs" variant="default" loading={query.isFetching} onClick={() => void query.refetch()}>
            Retry
          </Button>
        )}
      </Alert>
    );
  }
  return <>{children(query.data)}</>;
}
