/** The parts of a user that tell how they sign in (supabase-js's User fits). */
export interface SignInMethods {
  app_metadata?: { provider?: unknown; providers?: unknown } | null;
}

/**
 * Whether the account has a password to ask for: not when it was made with Google and never got an e-mail
 * sign-in. Such users prove themselves by a fresh Google sign-in instead (the server answers
 * reauthentication_needed when theirs is too old).
 */
export function hasPassword(user: SignInMethods | null | undefined): boolean {
  const metadata = user?.app_metadata;
  const providers = Array.isArray(metadata?.providers) ? (metadata.providers as unknown[]) : [];
  return !(metadata?.provider === 'google' && !providers.includes('email'));
}
