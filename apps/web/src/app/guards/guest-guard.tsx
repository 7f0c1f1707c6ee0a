import { Navigate, Outlet } from 'react-router';
import { isSignedIn, useCurrentRole } from '@/lib/session/auth-store.ts';

/** docs/product/routes.md: auth and public pages are for signed-out users; anyone signed in goes to the dashboard. */
export function GuestGuard() {
  useCurrentRole();
  if (isSignedIn()) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
