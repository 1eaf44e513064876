import { dreamAnalysesResponseSchema } from '@sonhario/contracts/analyses';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { retryUnlessClientError } from '@/lib/query-retry';

/** GET /dreams/:id/analyses: every analysis of one dream, newest first. */
export function useDreamAnalyses(dreamId: string) {
  return useQuery({
    queryKey: queryKeys.analyses.ofDream(dreamId),
    queryFn: async ({ signal }) =>
      (
        await apiRequest(`/dreams/${encodeURIComponent(dreamId)}/analyses`, {
          schema: dreamAnalysesResponseSchema,
          signal,
        })
      ).data,
    retry: retryUnlessClientError,
  });
}
