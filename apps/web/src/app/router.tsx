import { use } from 'react';
import { createBrowserRouter, RouterProvider, type DataRouter, type RouteObject } from 'react-router';
import { LandingRoute } from './routes/landing';
import { RootLayout, RouteFallback } from './routes/root-layout';
import { RouteError } from './routes/route-error';

/**
 * Only the landing page is in the entry chunk. Every other route is split: its module exports
 * `Component` (and any other route properties), so adding one is one line in the app shell.
 * The protected screens are the dashboard, the dream journal, credits, rewards, analytics, profile and settings.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: RouteFallback,
    ErrorBoundary: RouteError,
    children: [
      { index: true, Component: LandingRoute },
      {
        id: 'app-shell',
        lazy: () => import('./routes/app-shell'),
        children: [
          { path: 'login', lazy: () => import('./routes/login') },
          { path: 'redefinir-senha', lazy: () => import('./routes/reset-password') },
          { path: 'privacidade', lazy: () => import('./routes/privacy') },
          { path: 'termos', lazy: () => import('./routes/terms') },
          // 'Watch Demo': a sample journal, no account, no API call (docs/decisions/039-demo.md).
          { path: 'demo', lazy: () => import('./routes/demo') },
          {
            id: 'protected',
            lazy: () => import('./routes/app-layout'),
            children: [
              { path: 'app', lazy: () => import('./routes/dashboard') },
              { path: 'app/dreams', lazy: () => import('./routes/dreams') },
              { path: 'app/dreams/new', lazy: () => import('./routes/dream-new') },
              { path: 'app/dreams/:id', lazy: () => import('./routes/dream-detail') },
              { path: 'app/dreams/:id/edit', lazy: () => import('./routes/dream-edit') },
              { path: 'app/credits', lazy: () => import('./routes/credits') },
              { path: 'app/rewards', lazy: () => import('./routes/rewards') },
              { path: 'app/help', lazy: () => import('./routes/help') },
              { path: 'app/oracle', lazy: () => import('./routes/oracle') },
              { path: 'app/plans', lazy: () => import('./routes/plans') },
              { path: 'app/analytics', lazy: () => import('./routes/analytics') },
              { path: 'app/profile', lazy: () => import('./routes/profile') },
              { path: 'app/settings', lazy: () => import('./routes/settings') },
            ],
          },
          { path: '*', lazy: () => import('./routes/not-found') },
        ],
      },
    ],
  },
];

let router: DataRouter | undefined;
let routesLoaded: Promise<void> | undefined;

/**
 * `isHydrating`: the page arrived prerendered (main.tsx). On `/login` (decision 051) React then keeps the server's
 * markup until the routes' code is in, instead of the fallback a lazy route shows meanwhile, and adopts it as it is.
 */
export function AppRouter({ isHydrating }: { isHydrating: boolean }) {
  // Created on first render rather than at import time, so tests can import `routes` without a browser router; once
  // per page, so a render that suspends below finds the same router when it is tried again.
  // A prerendered page is already where the visitor put it: on '/' the boot script scrolls to 'Features' or 'Pricing'
  // on the very press that starts the app. Hydration data (none is needed: '/' has no loader, '/login' is lazy and
  // loads as before) tells the router not to reset the scroll on its first render, which undid that first press.
  const current = (router ??= createBrowserRouter(routes, isHydrating ? { hydrationData: {} } : undefined));
  if (isHydrating && !current.state.initialized) {
    routesLoaded ??= new Promise((loaded) =>
      current.subscribe((state) => {
        if (state.initialized) loaded();
      }),
    );
  }
  if (routesLoaded) use(routesLoaded);
  return <RouterProvider router={current} />;
}
