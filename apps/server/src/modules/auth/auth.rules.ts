import { METADATA_MAX_BYTES, PASSWORD_MIN_LENGTH } from '@sonhario/contracts/auth';
import type { Metadata } from '../../db/schema/auth.ts';
import { authErrors, WeakPasswordError } from './auth.errors.ts';
import type { CodeChallengeMethod } from './auth.tokens.ts';

/**
 * The auth module's rules of the contract and its input checks, shared by the sign-up, sign-in, recovery, user,
 * admin and Google flows.
 */

/** Rules of the contract, in one place. */
export const AUTH_RULES = {
  /** A rotated refresh token presented again within this window gets its (still active) successor back. */
  refreshReuseIntervalMs: 10_000,
  emailLinkLifetimeMs: 24 * 3600 * 1000,
  /** Minimum spacing between two e-mails of the same kind to the same address. */
  emailResendIntervalMs: 60_000,
  /** Between a PKCE auth code being issued and its exchange. */
  flowStateLifetimeMs: 300_000,
} as const;

// --- input rules ---------------------------------------------------------------------------------------------------

const EMAIL_FORMAT = /^[^\s@"<>()[\],;:\\]{1,64}@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

export function normalizeEmail(raw: string | undefined | null): string {
  const email = (raw ?? '').trim().toLowerCase();
  if (!email) throw authErrors.emailRequired();
  if (!EMAIL_FORMAT.test(email)) throw authErrors.emailInvalid();
  return email;
}

export function assertStrongPassword(password: string): void {
  // The minimum counts code points on purpose: "é" or "😀" is one character, not two UTF-16 units. The rule's
  // worry (a multi-code-point emoji counted as several) only ever makes a password count as longer.
  // eslint-disable-next-line @typescript-eslint/no-misused-spread
  if ([...password].length < PASSWORD_MIN_LENGTH) throw new WeakPasswordError(['length']);
}

export function assertMetadataSize(metadata: Metadata, field = 'data'): void {
  if (Buffer.byteLength(JSON.stringify(metadata)) > METADATA_MAX_BYTES) {
    throw authErrors.validation(`${field} is too large (at most ${METADATA_MAX_BYTES} bytes)`);
  }
}

export interface PkceChallenge {
  challenge: string;
  method: CodeChallengeMethod;
}

/** GoTrue's PKCE rules: both or neither, 43–128 characters, s256 or plain (any case). */
export function parsePkce(challenge?: string | null, method?: string | null): PkceChallenge | null {
  if (!challenge && !method) return null;
  if (!challenge || !method)
    throw authErrors.pkceInvalid('PKCE flow requires code_challenge_method and code_challenge');
  if (challenge.length < 43 || challenge.length > 128) {
    throw authErrors.pkceInvalid('code challenge has to be between 43 and 128 characters');
  }
  const normalized = method.toLowerCase();
  if (normalized !== 's256' && normalized !== 'plain')
    throw authErrors.pkceInvalid(`code challenge method ${method} not supported`);
  return { challenge, method: normalized };
}
