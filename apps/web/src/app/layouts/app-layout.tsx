import { Suspense } from 'react';
import { ActionIcon, Anchor, AppShell, Burger, Button, Drawer, Group, Text, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowLeft, IconLogout } from '@tabler/icons-react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { canCall } from '@pxl/contract/access/endpoint';
import { navSections } from '@pxl/contract/routes/navigation';
import { ticketsApi } from '@pxl/contract/tickets/index';
import { FiveSquareLoader } from '@/components/ui/five-square-loader.tsx';
import { usePublicSettings } from '@/features/settings/api/get-public-settings.ts';
import { BrandLogo } from '@/features/settings/components/brand-logo.tsx';
import { useUnreadTickets } from '@/features/tickets/api/tickets.ts';
import { useAuth, useCurrentRole } from '@/lib/session/auth-store.ts';
import { logout } from '@/lib/session/logout.ts';
import { useViewport } from '@/lib/viewport-store.ts';
import { DrawerNav, HeaderNav } from './header-nav.tsx';
import classes from './app-layout.module.css';
import { ImpersonationBanner } from './impersonation-banner.tsx';

/** Signed-in frame: header with brand, sections per role, back arrow, email and Logout. */
export function AppLayout() {
  const role = useCurrentRole();
  const email = useAuth((s) => s.email);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const viewport = useViewport();
  const [opened, drawer] = useDisclosure(false);
  const settings = usePublicSettings();
  const items = role ? navSections(role) : [];
  const narrow = viewport === 'mobile' || viewport === 'tablet';
  const unread = useUnreadTickets(canCall(ticketsApi.unread, role)).data ?? 0;
  const counts = { '/tickets': unread };

  return (
    <AppShell header={{ height: 56 }} padding={{ base: 'sm', sm: 'lg' }}>
      {/* The first stop of Tab: past the header's links to the screen (docs/decisions/029-accessibility.md). */}
      <a href="#main-content" className={classes.skipLink}>
        Skip to main content
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" gap="sm" wrap="nowrap">
          {narrow && <Burger opened={opened} onClick={drawer.toggle} size="sm" aria-label="Open the menu" />}
          <Tooltip label="Back">
            <ActionIcon variant="subtle" color="gray" onClick={() => navigate(-1)} aria-label="Back">
              <IconArrowLeft size={18} />
            </ActionIcon>
          </Tooltip>
          <Anchor
            component={Link}
            to="/dashboard"
            underline="never"
            aria-label={settings.data?.partner_title ?? 'Panel'}
          >
            <Group gap={8} wrap="nowrap">
              <BrandLogo height={32} />
              {/* On a phone the logo stands for the title: both would push the Logout button off the bar. */}
              {!(viewport === 'mobile' && settings.data?.logo_version) && (
                <Text fw={700} c="indigo.7" style={{ whiteSpace: 'nowrap' }}>
                  {settings.data?.partner_title ?? 'Panel'}
                </Text>
              )}
            </Group>
          </Anchor>
          {!narrow && <HeaderNav items={items} pathname={pathname} counts={counts} />}
          <Group gap="xs" ml="auto" wrap="nowrap">
            {viewport !== 'mobile' && (
              <Text size="sm" c="dimmed" data-testid="user-email" truncate maw={220}>
                {email}
              </Text>
            )}
            <Button variant="default" size="xs" leftSection={<IconLogout size={14} />} onClick={() => void logout()}>
              Logout
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <Drawer opened={opened} onClose={drawer.close} title={settings.data?.partner_title ?? 'Menu'} size="xs">
        <DrawerNav items={items} pathname={pathname} counts={counts} onNavigate={drawer.close} />
      </Drawer>
      <AppShell.Main id="main-content" tabIndex={-1} className={classes.main}>
        <ImpersonationBanner />
        <Suspense fallback={<FiveSquareLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
