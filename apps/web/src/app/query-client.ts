import { QueryClient } from '@tanstack/react-query';

/**
 * One client for the session's lifetime (a module singleton, so the cache survives the app shell
 * unmounting when the user visits the landing page). Sign-out must call `queryClient.clear()`.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
  },
});
