import { i18n } from '@/lib/i18n';

/** The server's codes for a refused PUT /auth/v1/user that the profile and settings screens explain in their words. */
export type UserUpdateErrorCode =
  | 'current_password_invalid'
  | 'current_password_required'
  | 'weak_password'
  | 'same_password'
  | 'email_exists'
  | 'email_address_invalid'
  | 'over_email_send_rate_limit'
  | 'over_request_rate_limit'
  | 'network';

const KNOWN: readonly string[] = [
  'current_password_invalid',
  'current_password_required',
  'weak_password',
  'same_password',
  'email_exists',
  'email_address_invalid',
  'over_email_send_rate_limit',
  'over_request_rate_limit',
];

/** The code of a supabase-js AuthError (or anything thrown), `network` when no answer arrived. */
export function userUpdateErrorCode(error: unknown): UserUpdateErrorCode | null {
  if (!error || typeof error !== 'object') return null;
  const { code, status, name } = error as { code?: unknown; status?: unknown; name?: unknown };
  if (typeof code === 'string' && KNOWN.includes(code)) return code as UserUpdateErrorCode;
  // supabase-js names a failed fetch AuthRetryableFetchError (status 0) or AuthUnknownError.
  if (name === 'AuthRetryableFetchError' || status === 0) return 'network';
  return null;
}

/** A pt-BR sentence for a refused account change: ours for the known codes, else the server's message. */
export function describeUserUpdateError(error: unknown): string {
  const code = userUpdateErrorCode(error);
  if (code) return i18n.t(`profile.errors.${code}`);
  const message =
    error && typeof error === 'object' && 'message' in error && typeof error.message === 'string'
      ? error.message.trim()
      : '';
  return message || i18n.t('profile.errors.unexpected');
}
