import { Alert, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '@pxl/contract/format/date';
import type { PublicDocumentName } from '@pxl/contract/documents/documents.schemas';
import { ServerHtml } from '@/components/ui/server-html.tsx';
import { usePublicDocument } from '../api/documents.ts';

/** One public document as the server rendered it from the Markdown in the general settings. */
export function PublicDocument({ name, title }: { name: PublicDocumentName; title: string }) {
  const doc = usePublicDocument(name);
  return (
    <Stack gap="md">
      <Title order={1}>{doc.data?.title ?? title}</Title>
      {doc.isPending && <Skeleton h={240} />}
      {doc.isError && <Alert color="red">The document could not be loaded. Try again later.</Alert>}
      {doc.data && (
        <>
          <Text size="sm" c="dimmed">
            Last updated {formatDate(doc.data.updated_at).date}
          </Text>
          <ServerHtml html={doc.data.html} data-testid="public-document" />
        </>
      )}
    </Stack>
  );
}
