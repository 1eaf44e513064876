import { supportMessagesResponseSchema } from '@sonhario/contracts/support';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { retryUnlessClientError } from '@/lib/query-retry';

/** GET /support/messages: the user's messages to support with the answers, and the response time their plan promises. */
export function useSupportMessages() {
  return useQuery({
    queryKey: queryKeys.support,
    queryFn: async ({ signal }) =>
      (await apiRequest('/support/messages', { schema: supportMessagesResponseSchema, signal })).data,
    retry: retryUnlessClientError,
  });
}
