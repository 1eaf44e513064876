import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { updateAuthUser } from '@/lib/update-auth-user';

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}

/**
 * A new password, proven by the current one (PUT /auth/v1/user with `current_password`: the server refuses with
 * current_password_invalid / current_password_required). The server then signs out every other device, so the
 * sessions list is out of date.
 */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ currentPassword, newPassword }: PasswordChange) =>
      updateAuthUser({ password: newPassword, current_password: currentPassword }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.sessions }),
  });
}
