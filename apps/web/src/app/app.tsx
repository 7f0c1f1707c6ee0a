import { useEffect, useMemo, useRef } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { GlobalProgress } from '@/components/ui/global-progress.tsx';
import { NotificationStack } from '@/components/ui/notification-stack.tsx';
import { setNavigator } from '@/lib/navigation.ts';
import { queryClient } from '@/lib/query-client.ts';
import { useCurrentRole } from '@/lib/session/auth-store.ts';
import { GlobalErrorBoundary } from './errors/global-error-boundary.tsx';
import { createAppRouter } from './router.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

/** The router is rebuilt from the route table whenever the signed-in role changes. */
function AppRouter() {
  const role = useCurrentRole();
  const router = useMemo(() => createAppRouter(role), [role]);
  const previous = useRef<typeof router | null>(null);
  useEffect(() => {
    setNavigator((path) => void router.navigate(path));
    // Dispose the replaced router here, not in a cleanup: StrictMode re-runs effects on the same router.
    if (previous.current && previous.current !== router) previous.current.dispose();
    previous.current = router;
  }, [router]);
  // Without transitions a navigation to a screen whose code is still loading shows the loader at once. With them
  // the old screen stayed on view, and took input, under the new address: a period typed into the invoice
  // generation form went to the invoice list's date filter (docs/decisions/038-navigation-without-transitions.md).
  return <RouterProvider router={router} useTransitions={false} />;
}

export function App() {
  return (
    <GlobalErrorBoundary>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <QueryClientProvider client={queryClient}>
          <GlobalProgress />
          <NotificationStack />
          <AppRouter />
        </QueryClientProvider>
      </MantineProvider>
    </GlobalErrorBoundary>
  );
}
