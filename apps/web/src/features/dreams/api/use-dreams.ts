import { listDreamsResponseSchema } from '@sonhario/contracts/dreams';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys, type DreamFilters } from '@/lib/query-keys';
import { retryUnlessClientError } from '@/lib/query-retry';

/** GET /dreams: the journal, newest night first, a page at a time ('Carregar mais'). */
export function useDreams(filters: DreamFilters) {
  return useInfiniteQuery({
    queryKey: queryKeys.dreams.list(filters),
    queryFn: async ({ pageParam, signal }) =>
      (
        await apiRequest('/dreams', {
          query: { ...filters, cursor: pageParam },
          schema: listDreamsResponseSchema,
          signal,
        })
      ).data,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    // While a new search runs, the previous results stay (dimmed) instead of flashing a skeleton per keystroke.
    placeholderData: keepPreviousData,
    retry: retryUnlessClientError,
  });
}
