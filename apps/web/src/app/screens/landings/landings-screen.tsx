import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageFrame } from '@/components/ui/page-frame.tsx';
import { LandingsTable } from '@/features/landings/components/landings-table.tsx';
import { useNetworkTimeZone } from '../roles/use-network-time-zone.ts';
import { useLandingConstants } from './use-landing-constants.ts';

/** /landings: landings and pre-landings of the network (admin and head). */
export function LandingsScreen() {
  const timeZone = useNetworkTimeZone();
  const { languages } = useLandingConstants();
  return (
    <PageFrame
      actions={
        <Button component={Link} to="/landings/create" leftSection={<IconPlus size={16} />}>
          Create landing
        </Button>
      }
    >
      <LandingsTable timeZone={timeZone} languages={languages} />
    </PageFrame>
  );
}
