import { creditsSummarySchema } from '@sonhario/contracts/credits';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { retryUnlessClientError } from '@/lib/query-retry';

/** GET /credits: the balance, this month's quota and how the next analysis would be paid. */
export function useCredits() {
  return useQuery({
    queryKey: queryKeys.credits.summary,
    queryFn: async ({ signal }) => (await apiRequest('/credits', { schema: creditsSummarySchema, signal })).data,
    retry: retryUnlessClientError,
  });
}
