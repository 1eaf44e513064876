import { type Location, Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { AuthProvider } from '@/features/auth/auth-provider';
import { useAuthRedirects } from '@/features/auth/hooks/use-auth-redirects';
import { lazyPart } from '@/components/lazy-part';

/**
 * Where a page's scroll position is kept: each history entry's own key (back and forward return to where the user
 * was), except a freshly loaded document's first entry, whose key is always 'default' — keyed by its path instead,
 * so a page opened afresh never starts at the position of another page opened afresh before it.
 */
const scrollKey = (location: Location) => (location.key === 'default' ? location.pathname : location.key);

/**
 * Wraps every route: the auth state (the landing page's user menu needs it too), redirects after e-mail
 * links, scroll restoration on history moves, and progress while a lazy route loads.
 */
export function RootLayout() {
  const navigation = useNavigation();
  const onAuthEvent = useAuthRedirects();
  const isNavigating = navigation.state !== 'idle';
  return (
    <AuthProvider onAuthEvent={onAuthEvent}>
      <div
        aria-hidden="true"
        className={
          isNavigating
            ? 'fixed inset-x-0 top-0 z-[60] h-0.5 animate-pulse bg-primary shadow-[0_0_12px_var(--glow)]'
            : 'hidden'
        }
      />
      <Outlet />
      <ScrollRestoration getKey={scrollKey} />
    </AuthProvider>
  );
}

// Its own small chunk (the landing page's entry carries only this import): the header's and the page's shapes.
const RouteFallbackSkeleton = lazyPart(() => import('./route-skeleton'));

/** Shown on a first visit straight to a lazy route while its code downloads: on /app, the app's shape. */
export function RouteFallback() {
  return (
    <div className="min-h-dvh bg-background">
      <RouteFallbackSkeleton />
    </div>
  );
}
