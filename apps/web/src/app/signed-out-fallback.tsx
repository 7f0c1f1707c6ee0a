import { Navigate, useLocation } from 'react-router';
import { findRoute } from '@pxl/contract/routes/route-rules';
import { NotFound } from './errors/not-found.tsx';

/** Signed out: a path of the protected area goes to /login (docs/product/routes.md); an unknown path is a 404. */
export function SignedOutFallback() {
  const location = useLocation();
  if (findRoute(location.pathname)) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <NotFound />;
}
