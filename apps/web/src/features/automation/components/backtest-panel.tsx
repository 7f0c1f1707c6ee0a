import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Button, Group, NumberInput, Table, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { BACKTEST_DAYS, type AutomationRule, type BacktestResult } from '@pxl/contract/automation/automation.schemas';
import { DASH } from '@/components/ui/dash.tsx';
import { DateCell } from '@/components/ui/date-cell.tsx';
import { NoneText } from '@/components/ui/plain-table.tsx';
import { TitledCard } from '@/components/ui/titled-card.tsx';
import { formatCount } from '@/lib/format/numbers.ts';
import { useBacktestRule } from '../api/backtest-rule.ts';
import { conditionText, metricValue } from './rule-labels.ts';

function Fires({ rule, result, timeZone }: { rule: AutomationRule; result: BacktestResult; timeZone: string }) {
  const fires = result.fires.length;
  return (
    <>
      <Text size="sm" data-testid="backtest-summary">
        {fires === 0
          ? 'Would not have fired'
          : `Would have fired ${formatCount(fires)} ${fires === 1 ? 'time' : 'times'}`}{' '}
        over {formatCount(result.steps)} steps ({(result.took_ms / 1000).toFixed(1)} s).
      </Text>
      {fires > 0 && (
        <Table.ScrollContainer minWidth={720} mah={420}>
          <Table verticalSpacing={4} aria-label="Backtest fires" stickyHeader>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>For</Table.Th>
                <Table.Th ta="right">Value</Table.Th>
                <Table.Th ta="right">Compared to</Table.Th>
                <Table.Th>Would have</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.fires.map((f, i) => (
                <Table.Tr key={i}>
                  <Table.Td>
                    <DateCell value={f.at} timeZone={timeZone} />
                  </Table.Td>
                  <Table.Td>{f.subject}</Table.Td>
                  <Table.Td ta="right">{metricValue(rule.metric, f.value)}</Table.Td>
                  <Table.Td ta="right">
                    {f.compared_to === null ? DASH : metricValue(rule.metric, f.compared_to)}
                  </Table.Td>
                  <Table.Td>{f.actions.join('; ')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}

/** Runs a saved rule over the stored data of the last days and lists when it would have fired, doing what. */
export function BacktestPanel({
  rule,
  timeZone,
  onClose,
}: {
  rule: AutomationRule;
  timeZone: string;
  onClose: () => void;
}) {
  const [days, setDays] = useState<number | string>(BACKTEST_DAYS);
  const run = useBacktestRule(rule.uuid);
  // Opened from a row of a long list, the panel below it is brought into view.
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => panel.current?.scrollIntoView({ block: 'nearest' }), []);
  const valid = typeof days === 'number' && Number.isInteger(days) && days >= 1 && days <= BACKTEST_DAYS;
  return (
    <div ref={panel}>
      <TitledCard
        title={`Backtest: ${rule.name}`}
        data-testid="backtest"
        extra={
          <ActionIcon variant="subtle" color="gray" aria-label="Close the backtest" onClick={onClose}>
            <IconX size={16} />
          </ActionIcon>
        }
      >
        <Text size="sm" c="dimmed">
          {conditionText(rule)}. The saved rule is run over the stored data; nothing is changed.
        </Text>
        <Group align="flex-end" gap="sm">
          <NumberInput
            label="Days back"
            min={1}
            max={BACKTEST_DAYS}
            allowDecimal={false}
            allowNegative={false}
            w={120}
            value={days}
            error={valid ? undefined : `1 to ${BACKTEST_DAYS}`}
            onChange={setDays}
          />
          <Button loading={run.isPending} disabled={!valid} onClick={() => valid && run.mutate(days)}>
            Run backtest
          </Button>
        </Group>
        {run.isPending && <NoneText>Running over the stored data…</NoneText>}
        {run.data && !run.isPending && <Fires rule={rule} result={run.data} timeZone={timeZone} />}
      </TitledCard>
    </div>
  );
}
