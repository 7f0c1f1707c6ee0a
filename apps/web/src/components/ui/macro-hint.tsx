import { Code, Group, Text, UnstyledButton } from '@mantine/core';

/**
 * The macros a URL may carry (constants' `macros`); a click appends one to the URL. With `target`, a line says
 * which of several URL fields receives it.
 */
export function MacroHint({
  macros,
  onInsert,
  target,
  when = 'when the postback is sent',
}: {
  macros: readonly string[];
  onInsert: (macro: string) => void;
  target?: string;
  /** When the macros are filled in, for the line under them. */
  when?: string;
}) {
  return (
    <div>
      <Group gap={4} mt={4} wrap="wrap">
        <Text span size="xs" c="dimmed">
          Allowed macros:
        </Text>
        {macros.map((m) => (
          <UnstyledButton
            key={m}
            onClick={() => onInsert(m)}
            aria-label={`Insert ${m}`}
            title={target ? `Insert into ${target}` : 'Insert into the URL'}
          >
            <Code fz="xs">{m}</Code>
          </UnstyledButton>
        ))}
      </Group>
      {target && (
        <Text size="xs" c="dimmed" mt={2}>
          A click adds the macro to: {target}. We fill them in {when}.
        </Text>
      )}
    </div>
  );
}
