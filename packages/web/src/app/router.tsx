import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { CenteredSpinner } from '@/components/status/centered-spinner';
import { RequireAuth } from './guards/require-auth';
import { AppLayout } from './layout/app-layout';
import { RouteErrorPage } from './pages/route-error-page';
import { APP_ROUTES } from './routes';

/** The route objects of the portal; tests mount the same ones in a memory router. */
export function appRouteObjects(): RouteObject[] {
  return [
    {
      Component: AppLayout,
      HydrateFallback: CenteredSpinner,
      ErrorBoundary: RouteErrorPage,
      children: [
        ...APP_ROUTES.map(({ path, access, screen }): RouteObject =>
          access === 'public'
            ? { path, lazy: screen }
            : { path, element: <RequireAuth access={access} />, children: [{ index: true, lazy: screen }] },
        ),
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(appRouteObjects());
}

export type AppRouter = ReturnType<typeof createAppRouter>;
