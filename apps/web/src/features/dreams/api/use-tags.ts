import { tagsResponseSchema } from '@sonhario/contracts/dreams';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /tags: the user's tags, most used first (suggestions in the form, options in the filters). */
export function useTags() {
  return useQuery({
    queryKey: queryKeys.tags,
    queryFn: async ({ signal }) => (await apiRequest('/tags', { schema: tagsResponseSchema, signal })).data.tags,
    staleTime: 5 * 60_000,
  });
}
