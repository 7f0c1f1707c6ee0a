import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { tabTitle } from '@pxl/contract/routes/route-rules';
import { FiveSquareLoader } from '@/components/ui/five-square-loader.tsx';
import { usePublicSettings } from '@/features/settings/api/get-public-settings.ts';
import { useCurrentRole } from '@/lib/session/auth-store.ts';

/** Keeps the tab title at "{partner title} | {section}" (docs/product/README.md, docs/product/routes.md) on every page. */
export function RootLayout() {
  const { pathname } = useLocation();
  const role = useCurrentRole();
  const partnerTitle = usePublicSettings().data?.partner_title ?? '';
  useEffect(() => {
    document.title = tabTitle(partnerTitle, pathname, role);
  }, [partnerTitle, pathname, role]);
  return (
    <Suspense fallback={<FiveSquareLoader />}>
      <Outlet />
    </Suspense>
  );
}
