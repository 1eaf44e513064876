import { listAnalysesResponseSchema } from '@sonhario/contracts/analyses';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { retryUnlessClientError } from '@/lib/query-retry';

/** GET /analyses: the user's analyses, newest first, a page at a time ('Carregar mais'). */
export function useAnalyses() {
  return useInfiniteQuery({
    queryKey: queryKeys.analyses.list,
    queryFn: async ({ pageParam, signal }) =>
      (await apiRequest('/analyses', { query: { cursor: pageParam }, schema: listAnalysesResponseSchema, signal }))
        .data,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    retry: retryUnlessClientError,
  });
}
