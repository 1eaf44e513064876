import { profileSchema, type UpdateProfileInput } from '@sonhario/contracts/profile';
import { hashKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * PATCH /me/profile. The time zone decides the journal's days: "today", the streak and its calendar, the month of a
 * quota, the weeks and months of the charts. After it changes, every answer but the profile's own was read in the old
 * zone, so all are asked again (the shown ones at once). Before, only the dashboard's numbers were: on a first visit
 * from a browser outside the default zone, the 'Hoje' card's streak stayed in the old zone for its 30 s of freshness.
 * The language and the theme change no answer.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: UpdateProfileInput) =>
      (await apiRequest('/me/profile', { method: 'PATCH', body: input, schema: profileSchema })).data,
    onSuccess: async (profile, input) => {
      queryClient.setQueryData(queryKeys.profile, profile);
      if (input.timeZone === undefined) return;
      const profileHash = hashKey(queryKeys.profile);
      await queryClient.invalidateQueries({ predicate: (query) => query.queryHash !== profileHash });
    },
  });
}
