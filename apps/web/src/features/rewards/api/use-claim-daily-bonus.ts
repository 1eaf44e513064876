import { dailyBonusResponseSchema } from '@sonhario/contracts/rewards';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * POST /rewards/daily-bonus (Lucid and Oracle, once a local day). Either way (claimed, or refused because it already
 * was) the page's state is stale, so both refresh the rewards and the credits (the summary's key is the ledger's prefix).
 */
export function useClaimDailyBonus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiRequest('/rewards/daily-bonus', { method: 'POST', body: {}, schema: dailyBonusResponseSchema })).data,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.rewards }),
        queryClient.invalidateQueries({ queryKey: queryKeys.credits.summary }),
      ]),
  });
}
