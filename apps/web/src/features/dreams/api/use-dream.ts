import { dreamSchema } from '@sonhario/contracts/dreams';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { retryUnlessClientError } from '@/lib/query-retry';

/** GET /dreams/:id. A dream that does not exist (or is someone else's) fails with `not_found`, never retried. */
export function useDream(id: string) {
  return useQuery({
    queryKey: queryKeys.dreams.detail(id),
    queryFn: async ({ signal }) =>
      (await apiRequest(`/dreams/${encodeURIComponent(id)}`, { schema: dreamSchema, signal })).data,
    retry: retryUnlessClientError,
  });
}
