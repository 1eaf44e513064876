import type { UserAttributes } from '@supabase/supabase-js';
import { loadSupabase } from './load-supabase';

/**
 * PUT /auth/v1/user through supabase-js: the profile's name and e-mail and the auth feature's password change all
 * go through it. On success supabase-js stores the new user and raises USER_UPDATED, which the auth provider takes:
 * the header's initials and the greeting change at once, with nothing to invalidate.
 * Rejects with supabase-js's AuthError (its `code` is the server's: email_exists, current_password_invalid…).
 */
export async function updateAuthUser(attributes: UserAttributes, options?: { emailRedirectTo?: string }) {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.auth.updateUser(attributes, options);
  if (error) throw error;
  return data.user;
}
