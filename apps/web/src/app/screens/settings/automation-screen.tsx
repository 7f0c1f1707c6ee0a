import { useState } from 'react';
import { Button, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { AutomationRule } from '@pxl/contract/automation/automation.schemas';
import { PageFrame } from '@/components/ui/page-frame.tsx';
import { ActionLog } from '@/features/automation/components/action-log.tsx';
import { BacktestPanel } from '@/features/automation/components/backtest-panel.tsx';
import { RuleForm } from '@/features/automation/components/rule-form.tsx';
import { RulesList } from '@/features/automation/components/rules-list.tsx';
import { useDisplayTimeZone } from './use-display-time-zone.ts';

/**
 * /settings/automation (admin, head): the rules, a backtest of one, and the log of what they did with its undo
 * (docs/product/automation.md).
 */
export function AutomationScreen() {
  const { timeZone } = useDisplayTimeZone();
  const [creating, setCreating] = useState(false);
  const [testing, setTesting] = useState<AutomationRule | null>(null);
  return (
    <PageFrame
      actions={
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          New rule
        </Button>
      }
    >
      <Stack gap="lg">
        <Stack gap="sm">
          <Title order={3}>Rules</Title>
          <RulesList timeZone={timeZone} onBacktest={setTesting} />
        </Stack>
        {testing && (
          <BacktestPanel key={testing.uuid} rule={testing} timeZone={timeZone} onClose={() => setTesting(null)} />
        )}
        <Stack gap="sm">
          <Title order={3}>Action log</Title>
          <ActionLog timeZone={timeZone} />
        </Stack>
      </Stack>
      {creating && <RuleForm onClose={() => setCreating(false)} />}
    </PageFrame>
  );
}
