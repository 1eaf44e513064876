import { rewardsResponseSchema } from '@sonhario/contracts/rewards';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { retryUnlessClientError } from '@/lib/query-retry';

/** GET /rewards: streak, calendar, freezes, level, achievements and the daily bonus (docs/decisions/026). */
export const rewardsQuery = queryOptions({
  queryKey: queryKeys.rewards,
  queryFn: async ({ signal }) => (await apiRequest('/rewards', { schema: rewardsResponseSchema, signal })).data,
  retry: retryUnlessClientError,
});

export function useRewards() {
  return useQuery(rewardsQuery);
}
