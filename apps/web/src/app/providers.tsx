import type { ReactNode } from 'react';
import { lazyPart } from '@/components/lazy-part';

// Sonner is ~10 KB gzip and no public page raises a toast on first paint, so its code arrives
// in its own chunk right after the first render. It stays at the root (not in a route) so a
// toast raised just before navigating, like 'Logout realizado' on the way to /, survives the move.
const Toaster = lazyPart(() => import('@/components/ui/sonner').then((module) => ({ default: module.Toaster })));

/**
 * App-wide providers around the router. TanStack Query is deliberately not here: the landing page
 * fetches nothing, so the QueryClientProvider lives in the lazy app shell (routes/app-shell.tsx)
 * and its ~8 KB gzip stays off the landing page's critical path.
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <Toaster />
    </>
  );
}
