import { privacyInfoSchema } from '@sonhario/contracts/legal';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /privacy-info (public): the running server's AI provider, retention and contact, for /privacidade. */
export function usePrivacyInfo() {
  return useQuery({
    queryKey: queryKeys.privacyInfo,
    queryFn: async ({ signal }) =>
      (await apiRequest('/privacy-info', { schema: privacyInfoSchema, signal, isPublic: true })).data,
    // The server's configuration changes with a restart at most.
    staleTime: 60 * 60_000,
  });
}
