import { consentsResponseSchema } from '@sonhario/contracts/consents';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { retryUnlessClientError } from '@/lib/query-retry';

/** GET /me/consents: the state of each consent purpose (granted, declined, withdrawn or never answered). */
export function useConsents({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.consents,
    queryFn: async ({ signal }) => (await apiRequest('/me/consents', { schema: consentsResponseSchema, signal })).data,
    retry: retryUnlessClientError,
    enabled: isEnabled,
  });
}
