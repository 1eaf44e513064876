import { AUTH_ERROR_CODES, type AuthErrorCode } from '@sonhario/contracts/errors';
import type { TFunction } from 'i18next';
import { i18n } from './i18n';

const authErrorCodes: ReadonlySet<string> = new Set(AUTH_ERROR_CODES);
const isAuthErrorCode = (code: string): code is AuthErrorCode => authErrorCodes.has(code);

// GoTrue servers that answer without a code still say these (spec section 8 names both).
const CODE_BY_MESSAGE: Readonly<Record<string, AuthErrorCode>> = {
  'Invalid login credentials': 'invalid_credentials',
  'User already registered': 'user_already_exists',
};

/**
 * Why an /auth/v1 call failed, from supabase-js's AuthError (or anything thrown): the server's code, `network` when
 * no answer arrived, null when neither can be told.
 */
export function authErrorCode(error: unknown): AuthErrorCode | 'network' | null {
  if (!error || typeof error !== 'object') return null;
  const { code, status, name, message } = error as {
    code?: unknown;
    status?: unknown;
    name?: unknown;
    message?: unknown;
  };
  if (typeof code === 'string' && isAuthErrorCode(code)) return code;
  // supabase-js names a failed fetch AuthRetryableFetchError (status 0).
  if (name === 'AuthRetryableFetchError' || status === 0) return 'network';
  if (typeof message === 'string') return CODE_BY_MESSAGE[message.trim()] ?? null;
  return null;
}

/**
 * What to tell the user about a failed auth call, in their language (decision 013): the text of its code
 * (`errors.auth.*` in locales/, one for every code in AUTH_ERROR_CODES, a test checks), the no-connection text, or
 * 'Erro inesperado'. The server's `message` (GoTrue's, in English) is never shown.
 */
export function authErrorMessage(error: unknown, t: TFunction = i18n.t): string {
  const code = authErrorCode(error);
  if (code === 'network') return t('errors.client.network_error');
  if (code) return t(`errors.auth.${code}`);
  return t('errors.unexpected');
}
