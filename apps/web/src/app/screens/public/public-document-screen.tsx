import { Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { DOCUMENTS } from './documents.ts';

export function PublicDocumentScreen() {
  const { pathname } = useLocation();
  const doc = DOCUMENTS[pathname];
  if (!doc) return null;
  return (
    <Container size="sm" py="xl">
      <Paper withBorder radius="md" p="xl">
        <Stack gap="md">
          <Title order={1} size="h2">
            {doc.title}
          </Title>
          <Text size="sm" c="dimmed">
            Last updated {doc.updated.split('-').reverse().join('.')}
          </Text>
          {doc.sections.map((section) => (
            <Stack key={section.heading} gap={4}>
              <Title order={2} size="h4">
                {section.heading}
              </Title>
              <Text>{section.text}</Text>
            </Stack>
          ))}
          <Anchor component={Link} to="/login">
            Back to sign in
          </Anchor>
        </Stack>
      </Paper>
    </Container>
  );
}
