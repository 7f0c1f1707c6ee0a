import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageFrame } from '@/components/ui/page-frame.tsx';
import { AffiliatesTable } from '@/features/affiliates/components/affiliates-table.tsx';
import { useNetworkTimeZone } from './use-network-time-zone.ts';

export function AffiliatesScreen() {
  const timeZone = useNetworkTimeZone();
  return (
    <PageFrame
      actions={
        <Button component={Link} to="/roles/affiliates/create" leftSection={<IconPlus size={16} />}>
          Create affiliate
        </Button>
      }
    >
      <AffiliatesTable timeZone={timeZone} />
    </PageFrame>
  );
}
