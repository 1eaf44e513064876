import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

/**
 * After any write to the journal: every list, the tag suggestions and the dashboard's numbers are out of date.
 * Only what is on screen refetches now; the rest refetches when it is next shown. Shared: the dreams feature writes
 * the journal one dream at a time, the account's import many at once.
 */
export function invalidateJournal(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.dreams.lists() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.tags }),
    queryClient.invalidateQueries({ queryKey: queryKeys.overview }),
  ]);
}
