import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from '../query-client';

/**
 * Pathless layout around every route except the landing page. It is lazy, so the data layer
 * (TanStack Query) loads with the first non-landing route, never with the landing page.
 */
export function AppShell() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}

export { AppShell as Component };
