import { Code, Group, Text, UnstyledButton } from '@mantine/core';

/** The macros a landing URL may carry (constants' `macros`); a click appends one to the URL. */
export function MacroHint({ macros, onInsert }: { macros: readonly string[]; onInsert: (macro: string) => void }) {
  return (
    <Group gap={4} mt={4} wrap="wrap">
      <Text span size="xs" c="dimmed">Allowed macros:</Text>
      {macros.map((m) => (
        <UnstyledButton key={m} onClick={() => onInsert(m)} aria-label={`Insert ${m}`} title="Insert into the URL">
          <Code fz="xs">{m}</Code>
        </UnstyledButton>
      ))}
    </Group>
  );
}
