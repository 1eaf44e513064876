import { sessionsResponseSchema } from '@sonhario/contracts/account';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { loadSupabase } from '@/lib/load-supabase';
import { queryKeys } from '@/lib/query-keys';
import { retryUnlessClientError } from '@/lib/query-retry';

/** GET /me/sessions: the devices signed in to the account, most recently used first (this one marked). */
export function useSessions() {
  return useQuery({
    queryKey: queryKeys.sessions,
    queryFn: async ({ signal }) => (await apiRequest('/me/sessions', { schema: sessionsResponseSchema, signal })).data,
    retry: retryUnlessClientError,
  });
}

/**
 * 'Sair de outros dispositivos': ends every session but this one (POST /auth/v1/logout?scope=others; this device
 * stays signed in and supabase-js raises no event), then asks for the list again.
 */
export function useSignOutOthers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const supabase = await loadSupabase();
      const { error } = await supabase.auth.signOut({ scope: 'others' });
      if (error) throw error;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.sessions }),
  });
}
