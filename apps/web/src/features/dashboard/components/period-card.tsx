import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Dashboard } from '@pxl/contract/statistic/index';
import { changeText } from '@/lib/change.ts';
import { CARD_FIGURES, figureLines, present, type FigureKey, type FigureLine } from '../figures.ts';

function Change({ change }: { change: number | null }) {
  const color = change === null || change === 0 ? 'dimmed' : change > 0 ? 'teal.7' : 'red.7';
  return (
    <Text span size="xs" fw={600} c={color} data-testid="figure-change">
      {changeText(change)}
    </Text>
  );
}

function Line({ line }: { line: FigureLine }) {
  return (
    <Group gap={6} wrap="nowrap" align="baseline">
      <Text fw={700} size="sm">
        {line.text}
      </Text>
      <Change change={line.change} />
    </Group>
  );
}

const rangeText = (p: Dashboard['today']) =>
  p.date_from === p.date_to ? p.date_from : `${p.date_from} – ${p.date_to}`;

/** One period's figures with the change against the period before it. */
export function PeriodCard({
  title,
  period,
  versus,
  skip,
  testId,
}: {
  title: string;
  period: Dashboard['today'];
  versus: string;
  skip: readonly FigureKey[];
  testId: string;
}) {
  const figures = present(CARD_FIGURES, period.current, skip);
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Stack gap="sm">
        <div>
          <Text fw={700}>{title}</Text>
          <Text size="xs" c="dimmed">
            {rangeText(period)} · change against {versus}
          </Text>
        </div>
        <SimpleGrid cols={2} spacing="sm" verticalSpacing="sm">
          {figures.map((def) => {
            const lines = figureLines(def, period.current, period.previous);
            return (
              <div key={def.key} data-testid={`figure-${def.key}`}>
                <Text size="xs" c="dimmed">
                  {def.label}
                </Text>
                {lines.length === 0 ? (
                  <Text fw={700} size="sm">
                    —
                  </Text>
                ) : (
                  lines.map((l) => <Line key={l.currency ?? def.key} line={l} />)
                )}
              </div>
            );
          })}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
