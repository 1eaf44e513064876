import { patternChartsResponseSchema, type ChartPeriod } from '@sonhario/contracts/pattern-charts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { retryUnlessClientError } from '@/lib/query-retry';

/**
 * GET /patterns/charts: the journal's basic counts and, with a period, its charts (Lucid and Oracle; 403
 * plan_required on Dreamer). Under `dreams.all`: any write to the journal refreshes it.
 */
export function usePatternCharts(period: ChartPeriod | null, options: { isEnabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.dreams.patternCharts(period ?? 'basics'),
    queryFn: async ({ signal }) =>
      (
        await apiRequest(period ? `/patterns/charts?period=${period}` : '/patterns/charts', {
          schema: patternChartsResponseSchema,
          signal,
        })
      ).data,
    retry: retryUnlessClientError,
    enabled: options.isEnabled ?? true,
    placeholderData: (previous) => previous,
  });
}
