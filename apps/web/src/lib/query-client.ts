import { QueryClient } from '@tanstack/react-query';

/**
 * One client for the session's lifetime (a module singleton, so the cache survives the app shell
 * unmounting when the user visits the landing page). Sign-out must call `forgetSessionData()` (lib/session-data.ts).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
    // A write is tried at once even when the browser believes it is offline (navigator.onLine is often wrong,
    // and a save parked silently until the signal returns looks like a hung button): a failure says so at
    // once, and the dream draft keeps the text for the retry.
    mutations: { networkMode: 'always' },
  },
});
