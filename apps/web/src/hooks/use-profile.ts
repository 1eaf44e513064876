import { profileSchema } from '@sonhario/contracts/profile';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /me/profile: time zone, language, theme, plan. Shared rather than the profile feature's own: every screen
 * that shows a date reads the time zone from it (useTimeZone), and the app shell its language and theme.
 */
export const profileQuery = queryOptions({
  queryKey: queryKeys.profile,
  queryFn: async ({ signal }) => (await apiRequest('/me/profile', { schema: profileSchema, signal })).data,
  staleTime: 10 * 60_000,
});

export function useProfile() {
  return useQuery(profileQuery);
}
