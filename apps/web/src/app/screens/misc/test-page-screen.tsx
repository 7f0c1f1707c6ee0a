import { Paper, Text, Title } from '@mantine/core';

/** /ohma: the product's test page (docs/product/routes.md lists it, without its content). */
export function TestPageScreen() {
  return (
    <Paper withBorder radius="md" p="xl">
      <Title order={2}>Test page</Title>
      <Text c="dimmed" mt="xs">
        A page for checking the panel's frame, guards and title.
      </Text>
    </Paper>
  );
}
