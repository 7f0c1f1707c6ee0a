import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { PageFrame } from '@/components/ui/page-frame.tsx';
import { RuleForm } from '@/features/cold-api/components/rule-form.tsx';
import { RulesTable } from '@/features/cold-api/components/rules-table.tsx';
import { useDisplayTimeZone } from '../settings/use-display-time-zone.ts';

/** /cold-api/rules: the re-send rules distributions run under. */
export function ColdRulesScreen() {
  const { timeZone } = useDisplayTimeZone();
  const [creating, setCreating] = useState(false);
  return (
    <PageFrame
      actions={
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          New rule
        </Button>
      }
    >
      <RulesTable timeZone={timeZone} />
      {creating && <RuleForm onClose={() => setCreating(false)} />}
    </PageFrame>
  );
}
