import type { ReactNode } from 'react';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';

/** A clickable ID or name that opens the record (its edit page). */
export function RecordLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} size="sm" fw={500} style={{ wordBreak: 'break-word' }}>
      {children}
    </Anchor>
  );
}
