import type { DeleteAccountInput } from '@sonhario/contracts/account';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { loadSupabase } from '@/lib/load-supabase';
import { canQueueDreams, clearPendingDreams } from '@/lib/pending-dreams';

// 204, no body.
const noContent = z.unknown();

/**
 * POST /me/delete: the account and everything in it, for good. The server ends the session with the account; the
 * caller then forgets it on this device (`signOutLocally`).
 */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: async (input: DeleteAccountInput) => {
      const { data } = await (await loadSupabase()).auth.getSession();
      await apiRequest('/me/delete', { method: 'POST', body: input, schema: noContent });
      // Dreams saved offline on this device and not yet sent go with the account, and their key with them.
      const userId = data.session?.user.id;
      if (userId && canQueueDreams()) await clearPendingDreams(userId).catch(() => undefined);
    },
  });
}

/**
 * Forgets the session on this device only (the server's is already gone with the account, so a global sign-out
 * would have nothing to end). supabase-js raises SIGNED_OUT.
 */
export async function signOutLocally() {
  const supabase = await loadSupabase();
  await supabase.auth.signOut({ scope: 'local' });
}
