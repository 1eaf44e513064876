import type { UserAttributes } from '@supabase/supabase-js';
import { useMutation } from '@tanstack/react-query';
import { loadSupabase } from '@/lib/load-supabase';

/**
 * PUT /auth/v1/user through supabase-js. On success supabase-js stores the new user and raises USER_UPDATED, which
 * the auth provider takes: the header's initials and the greeting change at once, with nothing to invalidate here.
 * Rejects with supabase-js's AuthError (its `code` is the server's: email_exists, current_password_invalid…).
 */
export async function updateAuthUser(attributes: UserAttributes, options?: { emailRedirectTo?: string }) {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.auth.updateUser(attributes, options);
  if (error) throw error;
  return data.user;
}

export interface NameInput {
  firstName: string;
  lastName: string;
}

/** The names the greeting and the avatar read (user_metadata.first_name / last_name). */
export function useUpdateName() {
  return useMutation({
    mutationFn: ({ firstName, lastName }: NameInput) =>
      updateAuthUser({ data: { first_name: firstName, last_name: lastName } }),
  });
}

/**
 * Asks for a new e-mail address: the server sends a confirmation link to it, and the account's address changes
 * only when that link is opened (which brings the browser back here).
 */
export function useChangeEmail() {
  return useMutation({
    mutationFn: (email: string) =>
      updateAuthUser({ email }, { emailRedirectTo: `${window.location.origin}/app/profile` }),
  });
}
