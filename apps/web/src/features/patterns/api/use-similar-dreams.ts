import { similarDreamsResponseSchema } from '@sonhario/contracts/patterns';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { retryUnlessClientError } from '@/lib/query-retry';

/**
 * GET /dreams/:id/similar (Lucid and Oracle; 403 plan_required on Dreamer, so not asked there). Under `dreams.all`:
 * any write to the journal refreshes it.
 */
export function useSimilarDreams(dreamId: string, { isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({
    enabled: isEnabled,
    queryKey: queryKeys.dreams.similar(dreamId),
    queryFn: async ({ signal }) =>
      (
        await apiRequest(`/dreams/${encodeURIComponent(dreamId)}/similar`, {
          schema: similarDreamsResponseSchema,
          signal,
        })
      ).data,
    retry: retryUnlessClientError,
  });
}
