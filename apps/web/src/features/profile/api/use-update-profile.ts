import { profileSchema, type UpdateProfileInput } from '@sonhario/contracts/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** PATCH /me/profile. The time zone decides "today", so the dashboard's streak is asked again. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: UpdateProfileInput) =>
      (await apiRequest('/me/profile', { method: 'PATCH', body: input, schema: profileSchema })).data,
    onSuccess: async (profile) => {
      queryClient.setQueryData(queryKeys.profile, profile);
      await queryClient.invalidateQueries({ queryKey: queryKeys.overview });
    },
  });
}
