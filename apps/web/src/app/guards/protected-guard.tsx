import { Navigate, Outlet, useLocation } from 'react-router';
import { FiveSquareLoader } from '@/components/ui/five-square-loader.tsx';
import { useConstants } from '@/features/constants/api/get-constants.ts';
import { isSignedIn, useCurrentRole } from '@/lib/session/auth-store.ts';

/** Signed-out users with no stored token and role go to /login; the loader shows while constants load (docs/product/routes.md). */
export function ProtectedGuard() {
  useCurrentRole();
  const location = useLocation();
  const constants = useConstants();
  if (!isSignedIn()) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (constants.isPending) return <FiveSquareLoader />;
  return <Outlet />;
}
