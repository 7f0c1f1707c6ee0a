import { Code, Group, Text, UnstyledButton } from '@mantine/core';

/** The macros a postback URL may carry (constants' `macros`); a click adds one to the URL field last used. */
export function MacroHint({ macros, onInsert, target }: { macros: readonly string[]; onInsert: (macro: string) => void; target: string }) {
  return (
    <div>
      <Group gap={4} wrap="wrap">
        <Text span size="xs" c="dimmed">Allowed macros:</Text>
        {macros.map((m) => (
          <UnstyledButton key={m} onClick={() => onInsert(m)} aria-label={`Insert ${m}`} title={`Insert into ${target}`}>
            <Code fz="xs">{m}</Code>
          </UnstyledButton>
        ))}
      </Group>
      <Text size="xs" c="dimmed" mt={2}>A click adds the macro to: {target}. We fill them in when the postback is sent.</Text>
    </div>
  );
}
