import { analysisStatsSchema } from '@sonhario/contracts/analyses';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { retryUnlessClientError } from '@/lib/query-retry';

/** GET /analyses/stats: totals and the most frequent symbols, themes, emotions and dream types. */
export function useAnalysisStats() {
  return useQuery({
    queryKey: queryKeys.analyses.stats,
    queryFn: async ({ signal }) => (await apiRequest('/analyses/stats', { schema: analysisStatsSchema, signal })).data,
    retry: retryUnlessClientError,
  });
}
