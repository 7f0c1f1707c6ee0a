import { SimpleGrid, Stack } from '@mantine/core';
import { canCall } from '@pxl/contract/access/endpoint';
import { isStaff } from '@pxl/contract/access/roles';
import { paymentsApi } from '@pxl/contract/billing/index';
import { FiveSquareLoader } from '@/components/ui/five-square-loader.tsx';
import { PageFrame } from '@/components/ui/page-frame.tsx';
import { useMe } from '@/features/dashboard/api/get-me.ts';
import { BalanceCard } from '@/features/dashboard/components/balance-card.tsx';
import { DashboardFigures } from '@/features/dashboard/components/dashboard-figures.tsx';
import { ImpersonateForm } from '@/features/dashboard/components/impersonate-form.tsx';
import { ManagerCard } from '@/features/dashboard/components/manager-card.tsx';
import { SupportCard } from '@/features/dashboard/components/support-card.tsx';
import { UserCard } from '@/features/dashboard/components/user-card.tsx';
import { newsApi } from '@pxl/contract/news/index';
import { LatestNewsCard } from '@/features/news/components/latest-news-card.tsx';
import { ticketsApi } from '@pxl/contract/tickets/index';
import { OpenTicketsCard } from '@/features/tickets/components/open-tickets-card.tsx';
import { useDisplayTimeZone } from '../settings/use-display-time-zone.ts';

export function DashboardScreen() {
  const me = useMe();
  // The affiliate's dashboard (the one with their own balance) also shows the manager who looks after them.
  const earns = me.data ? canCall(paymentsApi.balance, me.data.role) : false;
  const readsNews = me.data ? canCall(newsApi.feed, me.data.role) : false;
  const hasTickets = me.data ? canCall(ticketsApi.list, me.data.role) : false;
  const partnerTickets = me.data ? canCall(ticketsApi.create, me.data.role) : false;
  const partner = me.data ? !isStaff(me.data.role) : false;
  const { timeZone } = useDisplayTimeZone();
  return (
    <PageFrame>
      {me.isPending && <FiveSquareLoader />}
      {me.data && (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: earns ? 4 : 2 }} spacing="md">
            <UserCard me={me.data} />
            {earns && <ManagerCard manager={me.data.manager} />}
            {partner && <SupportCard />}
            {earns && <BalanceCard />}
            {isStaff(me.data.role) && <ImpersonateForm />}
          </SimpleGrid>
          {(readsNews || hasTickets) && (
            <SimpleGrid cols={{ base: 1, md: readsNews && hasTickets ? 2 : 1 }} spacing="md">
              {readsNews && <LatestNewsCard timeZone={timeZone} />}
              {hasTickets && <OpenTicketsCard staff={!partnerTickets} />}
            </SimpleGrid>
          )}
          <DashboardFigures role={me.data.role} />
        </Stack>
      )}
    </PageFrame>
  );
}
