import { supportMessageSchema, type CreateSupportMessageInput } from '@sonhario/contracts/support';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /support/messages; the list refreshes after it, sent or refused (a refusal may mean the list is stale). */
export function useSendSupportMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateSupportMessageInput) =>
      (await apiRequest('/support/messages', { method: 'POST', body: input, schema: supportMessageSchema })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.support }),
  });
}
