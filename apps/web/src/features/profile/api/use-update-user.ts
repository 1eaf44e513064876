import { useMutation } from '@tanstack/react-query';
import { updateAuthUser } from '@/lib/update-auth-user';

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
