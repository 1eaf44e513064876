import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { Providers } from '@/app/providers';
import { routes } from '@/app/router';

/**
 * A page's markup, rendered at build time (build/prerender.ts writes `/` into dist/landing.html and `/login` into
 * dist/login.html, which the server sends for those paths), so a phone paints the page before any JS arrives. The
 * tree is main.tsx's, with a static router in place of the browser router, so that `hydrateRoot` finds exactly the
 * DOM it would have rendered: the auth state is still loading (on `/`, the user menu's placeholder circle; on
 * `/login`, the card with its spinner) and no route data exists. `prerender` waits for every lazy part (the toaster,
 * the feature explanations, the lazy routes), so the HTML holds no streaming script.
 */
export async function renderPage(pathname: '/' | '/login' | '/app'): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${pathname}`));
  if (context instanceof Response) throw new Error(`Prerendering ${pathname} answered ${String(context.status)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerender(
    <StrictMode>
      <Providers>
        {/* No hydration data: the client router has none to read, and it would take an inline script. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>,
    // Every Suspense boundary inline, in place: React would otherwise move a large one (the feature explanations)
    // to the end of the page, revealed by an inline script the CSP forbids.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}
