import { noRecallResponseSchema } from '@sonhario/contracts/rewards';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** A night marked or unmarked moves the streak: the rewards page and the dashboard's numbers. */
const refreshStreak = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.rewards }),
    queryClient.invalidateQueries({ queryKey: queryKeys.overview }),
  ]);

/** POST /rewards/no-recall: today (the user's zone) was a night without a recalled dream; it keeps the streak. */
export function useMarkNoRecall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiRequest('/rewards/no-recall', { method: 'POST', body: {}, schema: noRecallResponseSchema })).data,
    onSettled: () => refreshStreak(queryClient),
  });
}

/** DELETE /rewards/no-recall: takes today's mark back. */
export function useUndoNoRecall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiRequest('/rewards/no-recall', { method: 'DELETE', schema: noRecallResponseSchema })).data,
    onSettled: () => refreshStreak(queryClient),
  });
}
