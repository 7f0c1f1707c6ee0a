import { Anchor, Container, Paper, Stack } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { PUBLIC_DOCUMENTS } from '@pxl/contract/documents/documents.schemas';
import { PublicDocument } from '@/features/documents/components/public-document.tsx';

/** /user-agreement, /user-privacy-policy, /user-terms-and-conditions: texts edited in the general settings. */
export function PublicDocumentScreen() {
  const { pathname } = useLocation();
  const doc = PUBLIC_DOCUMENTS.find((d) => `/${d.name}` === pathname);
  if (!doc) return null;
  return (
    <Container component="main" size="sm" py="xl">
      <Paper withBorder radius="md" p="xl">
        <Stack gap="md">
          <PublicDocument key={doc.name} name={doc.name} title={doc.title} />
          <Anchor component={Link} to="/login">
            Back to sign in
          </Anchor>
        </Stack>
      </Paper>
    </Container>
  );
}
