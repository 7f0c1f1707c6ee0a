import { useState } from 'react';
import { Group, NumberInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';

type Bounds = { min: string; max: string };

/** Payout from / to in major units (what people type); the list turns them into minor units for the API. */
export function PayoutRange({
  value,
  invalid,
  onChange,
}: {
  value: Bounds;
  invalid: boolean;
  onChange: (next: Bounds) => void;
}) {
  const { min, max } = value;
  const [text, setText] = useState(value);
  const commit = useDebouncedCallback(onChange, 500);
  // Follows the URL when it changes from outside (back button, "Clear filters"): set while rendering, so the old
  // text is never shown against the new URL.
  const [followed, setFollowed] = useState(value);
  if (followed.min !== min || followed.max !== max) {
    setFollowed({ min, max });
    setText({ min, max });
  }
  const set = (key: keyof Bounds, v: string | number) => {
    const next = { ...text, [key]: String(v) };
    setText(next);
    commit(next);
  };
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <NumberInput
        label="Payout from"
        name="payout_min"
        placeholder="Any"
        min={0}
        decimalScale={2}
        hideControls
        w={110}
        value={text.min}
        onChange={(v) => set('min', v)}
      />
      <NumberInput
        label="to"
        name="payout_max"
        placeholder="Any"
        min={0}
        decimalScale={2}
        hideControls
        w={110}
        value={text.max}
        onChange={(v) => set('max', v)}
        error={invalid ? 'Below the minimum' : undefined}
      />
    </Group>
  );
}
