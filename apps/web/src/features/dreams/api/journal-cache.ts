import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

/**
 * After any write to the journal: every list, the tag suggestions and the dashboard's numbers are out of date.
 * Only what is on screen refetches now; the rest refetches when it is next shown.
 */
export function invalidateJournal(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.dreams.lists() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.tags }),
    queryClient.invalidateQueries({ queryKey: queryKeys.overview }),
  ]);
}

/** Client errors (404, 400…) are answers, not hiccups: asking again would get the same one. */
export function retryUnlessClientError(failureCount: number, error: unknown): boolean {
  const status = (error as { status?: number } | null)?.status ?? 0;
  if (status >= 400 && status < 500) return false;
  return failureCount < 1;
}
