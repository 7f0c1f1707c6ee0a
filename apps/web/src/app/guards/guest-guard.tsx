import { Navigate, Outlet } from 'react-router';
import { isSignedIn, useCurrentRole } from '@/lib/session/auth-store.ts';

/** Auth and public pages are for signed-out users; anyone signed in goes to the dashboard (docs/product/routes.md). */
export function GuestGuard() {
  useCurrentRole();
  if (isSignedIn()) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
