import { SimpleGrid, Stack } from '@mantine/core';
import { isStaff } from '@pxl/contract/access/roles';
import { FiveSquareLoader } from '@/components/ui/five-square-loader.tsx';
import { PageFrame } from '@/components/ui/page-frame.tsx';
import { useMe } from '@/features/dashboard/api/get-me.ts';
import { BalanceCard } from '@/features/dashboard/components/balance-card.tsx';
import { DashboardFigures } from '@/features/dashboard/components/dashboard-figures.tsx';
import { ImpersonateForm } from '@/features/dashboard/components/impersonate-form.tsx';
import { ManagerCard } from '@/features/dashboard/components/manager-card.tsx';
import { UserCard } from '@/features/dashboard/components/user-card.tsx';

export function DashboardScreen() {
  const me = useMe();
  return (
    <PageFrame>
      {me.isPending && <FiveSquareLoader />}
      {me.data && (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, md: me.data.role === 'affiliate' ? 3 : 2 }} spacing="md">
            <UserCard me={me.data} />
            {me.data.role === 'affiliate' && <ManagerCard manager={me.data.manager} />}
            {me.data.role === 'affiliate' && <BalanceCard />}
            {isStaff(me.data.role) && <ImpersonateForm />}
          </SimpleGrid>
          <DashboardFigures role={me.data.role} />
        </Stack>
      )}
    </PageFrame>
  );
}
