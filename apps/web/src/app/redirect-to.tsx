import { Navigate, useParams } from 'react-router';
import { buildPath } from '@pxl/contract/routes/build-path';

/** A default sub-route (docs/product/routes.md): carries the parameters of the visited path to the target. */
export function RedirectTo({ pattern }: { pattern: string }) {
  const params = useParams();
  return <Navigate to={buildPath(pattern, params)} replace />;
}
