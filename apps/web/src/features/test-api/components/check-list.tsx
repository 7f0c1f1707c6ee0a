import { Group, List, Text, ThemeIcon } from '@mantine/core';
import type { ClickDecisionView } from '@pxl/contract/tracking/tracking.schemas';

type Check = ClickDecisionView['checks'][number];

/** One line per check: ✓ or ✗, its name, and what the decision saw (a status, a country, a date…). */
export function CheckList({ checks }: { checks: Check[] }) {
  return (
    <List spacing={4} listStyleType="none" aria-label="Checks" data-testid="simulation-checks">
      {checks.map((c, i) => (
        <List.Item key={`${i}-${c.name}`} data-ok={c.ok}>
          <Group gap={8} wrap="nowrap" align="flex-start">
            <ThemeIcon size={20} radius="xl" variant="light" color={c.ok ? 'green' : 'red'}>
              <Text span size="xs" fw={700}>
                {c.ok ? '✓' : '✗'}
              </Text>
            </ThemeIcon>
            <Text size="sm" fw={500} style={{ flexShrink: 0 }}>
              {c.name}
            </Text>
            <Text size="sm" c={c.ok ? 'dimmed' : 'red'} style={{ wordBreak: 'break-all' }}>
              {c.detail}
            </Text>
          </Group>
        </List.Item>
      ))}
    </List>
  );
}
