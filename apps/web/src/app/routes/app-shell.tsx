import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useLayoutEffect } from 'react';
import { Outlet } from 'react-router';
// Initialises i18next with the app's pt-BR strings; the landing page's entry never loads it.
import { i18n } from '@/lib/i18n';
import { restoreLanguage, showStoredTheme } from '@/lib/preferences';
import { loadSupabase } from '@/lib/load-supabase';
import { queryClient } from '@/lib/query-client';

/**
 * Pathless layout around every route except the landing page. It is lazy, so the data layer
 * (TanStack Query) and i18next load with the first non-landing route, never with the landing page.
 * It also carries the device's language and theme (the profile's, once signed in: see usePreferencesSync).
 */
export function AppShell() {
  // Before paint: arriving from the landing page (always night) shows the app's theme without a flash.
  useLayoutEffect(() => showStoredTheme(), []);
  // The installable app's service worker (docs/decisions/036), in a chunk of its own once the page has loaded.
  useEffect(() => {
    const register = () => void import('@/lib/service-worker').then((module) => module.registerServiceWorker());
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
    return () => window.removeEventListener('load', register);
  }, []);
  useEffect(() => {
    // The app speaks Portuguese (or English), the landing page English: screen readers and hyphenation follow lang.
    const root = document.documentElement;
    const previous = root.lang;
    root.lang = i18n.language;
    return () => {
      root.lang = previous;
    };
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}

/**
 * An English-speaking device gets its strings (a lazy chunk) before the first screen, not after a flash of pt-BR.
 * Every screen under the shell waits for the session (a spinner, a form or a redirect), and the auth provider asks
 * for the auth client only once the routes' code is in (it lives in the root layout, drawn after them): its chunk is
 * asked for here, beside the route's own code, and the provider finds it loading or loaded. A failure is the
 * provider's to report.
 */
export async function loader() {
  loadSupabase().catch(() => undefined);
  await restoreLanguage();
  return null;
}

/** The language is the app's, not the URL's: moving between screens never asks again. */
export const shouldRevalidate = () => false;

export { AppShell as Component };
