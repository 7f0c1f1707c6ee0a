import { Paper, Text, Title } from '@mantine/core';

/** /ohma: the spec's test page (its content is not shown in the spec). */
export function TestPageScreen() {
  return (
    <Paper withBorder radius="md" p="xl">
      <Title order={2}>Test page</Title>
      <Text c="dimmed" mt="xs">A page for checking the panel's frame, guards and title.</Text>
    </Paper>
  );
}
