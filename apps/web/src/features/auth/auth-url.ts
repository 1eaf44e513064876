/** Where the e-mail recovery link leads (a public route: the link itself signs the user in). */
export const RESET_PASSWORD_PATH = '/redefinir-senha';

/**
 * What an auth redirect left in the URL fragment (implicit flow): a session from an e-mail link or
 * Google (`#access_token=…&type=signup`), or an error (`#error=access_denied&error_code=otp_expired&…`).
 */
export type AuthRedirect =
  | { kind: 'none' }
  | { kind: 'session'; type: string | null }
  | { kind: 'error'; error: string; code: string | null; description: string | null };

export function readAuthRedirect(hash: string): AuthRedirect {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const error = params.get('error');
  const code = params.get('error_code');
  const description = params.get('error_description');
  if (error || code || description) {
    return { kind: 'error', error: error ?? 'unspecified_error', code, description };
  }
  if (params.get('access_token')) return { kind: 'session', type: params.get('type') };
  return { kind: 'none' };
}
