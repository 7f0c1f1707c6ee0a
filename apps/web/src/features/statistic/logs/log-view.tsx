import { useMemo } from 'react';
import { Stack } from '@mantine/core';
import { StatFilterBar, useStatFilters, type StatSetup } from '../filters/index.ts';
import { ClicksTable } from './clicks-table.tsx';
import { ConversionsTable } from './conversions-table.tsx';
import { SessionsTable } from './sessions-table.tsx';

export type LogName = 'clicks' | 'conversions' | 'sessions';

/** A statistics log: the shared filter bar (period, zone, filters) above the table with its search box. */
// Conversion status narrows conversions only: the logs of clicks and user sessions do not offer it.
const NO_STATUS = ['status'] as const;

export function LogView({ setup, log }: { setup: StatSetup; log: LogName }) {
  const logSetup = useMemo(() => (log === 'conversions' ? setup : { ...setup, omitFilters: NO_STATUS }), [setup, log]);
  const filters = useStatFilters(logSetup);
  const props = { kind: setup.kind, filters: filters.query, timeZone: filters.range.tz };
  return (
    <Stack gap="md">
      <StatFilterBar filters={filters} />
      {log === 'clicks' && <ClicksTable {...props} />}
      {log === 'conversions' && <ConversionsTable {...props} />}
      {log === 'sessions' && <SessionsTable filters={props.filters} timeZone={props.timeZone} />}
    </Stack>
  );
}
