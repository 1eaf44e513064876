import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NightSky } from '@/components/night-sky';
import { Button } from '@/components/ui/button';

/**
 * Root error boundary. The usual cause in production is a route chunk that no longer exists
 * after a deploy; reloading fetches the new build. It is in the landing's entry: no icon of its own (each costs the
 * first-paint budget a few hundred bytes).
 */
export function RouteError() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <main className="relative flex min-h-dvh flex-col items-center justify-center px-4 text-center">
      <NightSky />
      <h1 className="font-display text-3xl font-semibold tracking-tight sm:text-4xl">Something went wrong</h1>
      <p className="mt-4 max-w-md text-muted-foreground">The page could not be loaded. Please try again.</p>
      <Button className="mt-8" size="lg" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </main>
  );
}
