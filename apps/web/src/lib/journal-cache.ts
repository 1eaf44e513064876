import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

/**
 * After any write to the journal: every list, the tag suggestions, the dashboard's numbers, the rewards (streak,
 * achievements, level) and the credits a save or an import may have earned are out of date.
 * Only what is on screen refetches now; the rest refetches when it is next shown. Shared: the dreams feature writes
 * the journal one dream at a time, the account's import many at once.
 */
export function invalidateJournal(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.dreams.lists() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.tags }),
    queryClient.invalidateQueries({ queryKey: queryKeys.overview }),
    queryClient.invalidateQueries({ queryKey: queryKeys.rewards }),
    queryClient.invalidateQueries({ queryKey: queryKeys.credits.summary }),
  ]);
}
