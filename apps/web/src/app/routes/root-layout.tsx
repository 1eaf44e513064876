import { Outlet, ScrollRestoration, useNavigation } from 'react-router';

/** Wraps every route: restores scroll on history moves and shows progress while a lazy route loads. */
export function RootLayout() {
  const navigation = useNavigation();
  const isNavigating = navigation.state !== 'idle';
  return (
    <>
      <div
        aria-hidden="true"
        className={
          isNavigating
            ? 'fixed inset-x-0 top-0 z-[60] h-0.5 animate-pulse bg-primary shadow-[0_0_12px_var(--glow)]'
            : 'hidden'
        }
      />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/** Shown on a first visit straight to a lazy route while its code downloads. */
export function RouteFallback() {
  return <div aria-hidden="true" className="min-h-dvh bg-background" />;
}
