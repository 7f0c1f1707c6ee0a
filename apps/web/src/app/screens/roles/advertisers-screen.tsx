import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageFrame } from '@/components/ui/page-frame.tsx';
import { AdvertisersTable } from '@/features/advertisers/components/advertisers-table.tsx';
import { useNetworkTimeZone } from './use-network-time-zone.ts';

export function AdvertisersScreen() {
  const timeZone = useNetworkTimeZone();
  return (
    <PageFrame
      actions={
        <Button component={Link} to="/roles/advertisers/create" leftSection={<IconPlus size={16} />}>
          Create advertiser
        </Button>
      }
    >
      <AdvertisersTable timeZone={timeZone} />
    </PageFrame>
  );
}
