import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';
import { PageLoader } from '@/components/ui/record-loader.tsx';

/** Loading and not-found states of an edit screen. */
export function RecordLoader<T>({
  query,
  children,
}: {
  query: { data?: T; isPending: boolean; isError: boolean };
  children: (record: T) => ReactNode;
}) {
  if (query.isPending) return <PageLoader />;
  if (query.isError || !query.data)
    return (
      <Alert color="red" title="Not available">
        This record could not be loaded.
      </Alert>
    );
  return <>{children(query.data)}</>;
}
