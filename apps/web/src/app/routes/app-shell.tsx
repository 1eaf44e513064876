import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
// Initialises i18next with the app's pt-BR strings; the landing page's entry never loads it.
import '@/lib/i18n';
import { queryClient } from '../query-client';

/**
 * Pathless layout around every route except the landing page. It is lazy, so the data layer
 * (TanStack Query) and i18next load with the first non-landing route, never with the landing page.
 */
export function AppShell() {
  useEffect(() => {
    // The app speaks Portuguese, the landing page English: screen readers and hyphenation follow lang.
    const root = document.documentElement;
    const previous = root.lang;
    root.lang = 'pt-BR';
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

export { AppShell as Component };
