import { overviewResponseSchema } from '@sonhario/contracts/overview';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /me/overview: the dashboard's numbers (dreams, analyses, streaks) and the latest dreams. */
export const overviewQuery = queryOptions({
  queryKey: queryKeys.overview,
  queryFn: async ({ signal }) => (await apiRequest('/me/overview', { schema: overviewResponseSchema, signal })).data,
});

export function useOverview() {
  return useQuery(overviewQuery);
}
