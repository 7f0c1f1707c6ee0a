import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageFrame } from '@/components/ui/page-frame.tsx';
import { ManagersTable } from '@/features/managers/components/managers-table.tsx';
import { useNetworkTimeZone } from './use-network-time-zone.ts';

export function ManagersScreen() {
  const timeZone = useNetworkTimeZone();
  return (
    <PageFrame
      actions={
        <Button component={Link} to="/roles/managers/create" leftSection={<IconPlus size={16} />}>
          Create manager
        </Button>
      }
    >
      <ManagersTable timeZone={timeZone} />
    </PageFrame>
  );
}
