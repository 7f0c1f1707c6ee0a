import { SimpleGrid, Stack } from '@mantine/core';
import { isStaff } from '@pxl/contract/access/roles';
import { FiveSquareLoader } from '../../../components/ui/five-square-loader.tsx';
import { PageFrame } from '../../../components/ui/page-frame.tsx';
import { useMe } from '../../../features/dashboard/api/get-me.ts';
import { ImpersonateForm } from '../../../features/dashboard/components/impersonate-form.tsx';
import { ManagerCard } from '../../../features/dashboard/components/manager-card.tsx';
import { UserCard } from '../../../features/dashboard/components/user-card.tsx';

export function DashboardScreen() {
  const me = useMe();
  return (
    <PageFrame>
      {me.isPending && <FiveSquareLoader />}
      {me.data && (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <UserCard me={me.data} />
            {me.data.role === 'affiliate' && <ManagerCard manager={me.data.manager} />}
            {isStaff(me.data.role) && <ImpersonateForm />}
          </SimpleGrid>
        </Stack>
      )}
    </PageFrame>
  );
}
