import { Paper, Text } from '@mantine/core';

/** Frame of a screen that is not built yet; it must not pretend to work. */
export function ComingSoon() {
  return (
    <Paper withBorder p="xl" radius="md">
      <Text c="dimmed">This section is coming soon.</Text>
    </Paper>
  );
}
