import { createElement } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import type { Role } from '@pxl/contract/access/roles';
import { guestRoutes, redirectFor, routesForRole } from '@pxl/contract/routes/route-rules';
import { NotFound } from './errors/not-found.tsx';
import { RouteError } from './errors/route-error.tsx';
import { GuestGuard } from './guards/guest-guard.tsx';
import { ProtectedGuard } from './guards/protected-guard.tsx';
import { AppLayout } from './layouts/app-layout.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { RedirectTo } from './redirect-to.tsx';
import { screenFor } from './screen-registry.tsx';
import { SignedOutFallback } from './signed-out-fallback.tsx';

/** Only the signed-in role's routes are mounted; anything else falls to the 404 page (docs/product/routes.md). */
export function roleRoutes(role: Role): RouteObject[] {
  return routesForRole(role).map((entry) => {
    const target = redirectFor(entry, role);
    return {
      path: entry.path,
      element: target ? <RedirectTo pattern={target} /> : createElement(screenFor(entry.path)),
    };
  });
}

export function buildRoutes(role: Role | null): RouteObject[] {
  const guest: RouteObject = {
    element: <GuestGuard />,
    children: guestRoutes().map((entry) => ({ path: entry.path, element: createElement(screenFor(entry.path)) })),
  };
  const signedIn: RouteObject[] = role
    ? [
        {
          element: <ProtectedGuard />,
          children: [{ element: <AppLayout />, children: [...roleRoutes(role), { path: '*', element: <NotFound /> }] }],
        },
      ]
    : [{ path: '*', element: <SignedOutFallback /> }];
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      children: [guest, { path: '/', element: <Navigate to={role ? '/dashboard' : '/login'} replace /> }, ...signedIn],
    },
  ];
}

export const createAppRouter = (role: Role | null) => createBrowserRouter(buildRoutes(role));
