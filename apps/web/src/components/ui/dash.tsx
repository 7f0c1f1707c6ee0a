import type { ReactNode } from 'react';
import { Text } from '@mantine/core';

/** The dimmed dash shown for a value there is none of (a table cell, a detail field). */
export const DASH = (
  <Text span c="dimmed">
    —
  </Text>
);

/** The value, or the dash when there is none. */
export const orDash = (value: ReactNode): ReactNode =>
  value === null || value === undefined || value === '' ? DASH : value;
