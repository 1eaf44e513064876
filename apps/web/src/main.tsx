import '@/styles/globals.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Providers } from '@/app/providers';
import { AppRouter } from '@/app/router';
import { paintTheme, resolveTheme, storedTheme } from '@/lib/theme';

// The app opens in the theme last chosen on this device: every page's inline theme script has painted it before the
// first frame (decision 087); this keeps the entry right where that script could not run. The landing page is always
// the night sky.
if (window.location.pathname !== '/') paintTheme(resolveTheme(storedTheme()));

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

const isHydrating = container.firstElementChild !== null;
const app = (
  <StrictMode>
    <Providers>
      <AppRouter isHydrating={isHydrating} />
    </Providers>
  </StrictMode>
);
// `/` and `/login` arrive prerendered (landing.html and login.html, built by build/prerender.ts from the same tree):
// React adopts that markup instead of painting it again (on /login once the routes' code is in: app/router.tsx).
// Every other route starts from the empty index.html. Either way as a transition, so the work yields to the browser
// every few milliseconds (no long task on a slow phone; decision 051).
if (isHydrating) startTransition(() => void hydrateRoot(container, app));
else startTransition(() => createRoot(container).render(app));
