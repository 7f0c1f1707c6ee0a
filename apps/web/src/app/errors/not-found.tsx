import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** Unknown paths and paths outside the role's set (docs/product/routes.md). */
export function NotFound() {
  return (
    <Center py={80} data-testid="not-found">
      <Stack align="center" gap="xs">
        <Title order={1} fz={64} c="indigo.7">
          404
        </Title>
        <Text size="lg">Page not found</Text>
        <Button component={Link} to="/dashboard" variant="light" mt="md">
          Back to the dashboard
        </Button>
      </Stack>
    </Center>
  );
}
