import type { ReactNode } from 'react';
import { Alert, Center, Loader } from '@mantine/core';

/** Loading and not-found states of an edit screen. */
export function RecordLoader<T>({
  query,
  children,
}: {
  query: { data?: T; isPending: boolean; isError: boolean };
  children: (record: T) => ReactNode;
}) {
  if (query.isPending)
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  if (query.isError || !query.data)
    return (
      <Alert color="red" title="Not available">
        This record could not be loaded.
      </Alert>
    );
  return <>{children(query.data)}</>;
}
