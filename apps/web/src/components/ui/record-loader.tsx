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

/** The spinner a screen shows while its record loads. */
export function PageLoader() {
  return (
    <Center py="xl">
      <Loader />
    </Center>
  );
}

/**
 * Loading and failure states of a screen showing one record: a failed load says so with a retry, never an empty
 * form; a record that is not there (404, or an ID the server refuses) says so without one.
 */
export function RecordLoader<T>({
  query,
  noun,
  children,
}: {
  query: Query<T>;
  /** Lower case, e.g. "invoice". */
  noun: string;
  children: (record: T) => ReactNode;
}) {
  if (query.isPending) return <PageLoader />;
  if (query.isError || !query.data) {
    const missing = isApiError(query.error) && (query.error.status === 404 || query.error.status === 400);
    const title = missing ? `${noun[0].toUpperCase()}${noun.slice(1)} not found` : `The ${noun} could not be loaded`;
    return (
      <Alert color="red" title={title}>
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
