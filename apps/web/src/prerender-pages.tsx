import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { Providers } from '@/app/providers';
import { routes } from '@/app/router';

/**
 * The landing page's markup, rendered at build time (build/prerender.ts writes it into dist/landing.html, which the
 * server sends for `/`), so a phone paints the page before any JS arrives. The tree is main.tsx's, with a static
 * router in place of the browser router, so that `hydrateRoot` finds exactly the DOM it would have rendered: the
 * auth state is still loading (the user menu's placeholder circle) and no route data exists.
 * `prerender` waits for every lazy part (the toaster, the feature explanations), so the HTML holds no streaming script.
 */
export async function renderLanding(): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request('http://localhost/'));
  if (context instanceof Response) throw new Error(`Prerendering / answered ${String(context.status)}`);
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
