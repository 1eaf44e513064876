import { createHash, createHmac, randomBytes, timingSafeEqual, webcrypto } from 'node:crypto';
import { errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import type { Secrets } from '../../secrets.ts';
import type { AmrEntry, Metadata } from '../../db/schema/auth.ts';

// Fixed claims make the keys a pure function of the secret: the same anon key survives restarts and is the same on
// every instance, like a Supabase project's. They rotate only with JWT_SECRET.
const API_KEY_IAT = 1735689600; // 2025-01-01T00:00:00Z
const API_KEY_EXP = 2051222400; // 2035-01-01T00:00:00Z

type ApiKeyRole = 'anon' | 'service_role';

export interface ApiKeys {
  /** Public: the web app sends it with every auth call (JWT with role "anon"). */
  anonKey: string;
  /** Secret: grants the admin endpoints (JWT with role "service_role"). */
  serviceRoleKey: string;
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** HS256 JWT signing; synchronous and deterministic for a given payload, which the API keys rely on. */
export function signHs256(payload: Record<string, unknown>, secret: string): string {
  const unsigned = `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(payload))}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

const apiKeysCache = new Map<string, ApiKeys>();

export function getApiKeys(secrets: Pick<Secrets, 'jwtSecret'>): ApiKeys {
  let keys = apiKeysCache.get(secrets.jwtSecret);
  if (!keys) {
    const sign = (role: ApiKeyRole) =>
      signHs256({ iss: 'supabase', role, iat: API_KEY_IAT, exp: API_KEY_EXP }, secrets.jwtSecret);
    keys = { anonKey: sign('anon'), serviceRoleKey: sign('service_role') };
    apiKeysCache.set(secrets.jwtSecret, keys);
  }
  return keys;
}

export interface AccessTokenClaims extends JWTPayload {
  sub: string;
  aud: string;
  role: string;
  email: string;
  phone: string;
  session_id: string;
  aal: string;
  amr: AmrEntry[];
  app_metadata: Metadata;
  user_metadata: Metadata;
  is_anonymous: boolean;
}

export function signAccessToken(
  secret: string,
  input: { issuer: string; expiresIn: number; now: number; claims: Omit<AccessTokenClaims, 'iss' | 'iat' | 'exp'> },
): { token: string; expiresAt: number } {
  const iat = Math.floor(input.now / 1000);
  const expiresAt = iat + input.expiresIn;
  // Claim order follows GoTrue's tokens so decoded tokens read the same.
  const { sub, aud, ...rest } = input.claims;
  const token = signHs256({ aud, exp: expiresAt, iat, iss: input.issuer, sub, ...rest }, secret);
  return { token, expiresAt };
}

// The verifying key, imported into WebCrypto once per secret: given raw bytes, jose imports them again on every
// verify, a few percent of an authenticated request's CPU.
const keyCache = new Map<string, Promise<webcrypto.CryptoKey>>();
function secretKey(secret: string): Promise<webcrypto.CryptoKey> {
  let key = keyCache.get(secret);
  if (!key) {
    const raw = new TextEncoder().encode(secret);
    key = webcrypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
    keyCache.set(secret, key);
  }
  return key;
}

/** Why a JWT was refused, in GoTrue's words ("invalid JWT: unable to parse or verify signature, …"). */
export class JwtError extends Error {}

export async function verifyJwt(
  secret: string,
  token: string,
  options: { audience?: string } = {},
): Promise<JWTPayload> {
  try {
    const { payload } = await jwtVerify(token, await secretKey(secret), {
      algorithms: ['HS256'],
      ...(options.audience ? { audience: options.audience } : {}),
    });
    return payload;
  } catch (error) {
    let reason = 'token is malformed';
    if (error instanceof joseErrors.JWTExpired) reason = 'token has invalid claims: token is expired';
    else if (error instanceof joseErrors.JWSSignatureVerificationFailed) reason = 'signature is invalid';
    else if (error instanceof joseErrors.JWTClaimValidationFailed)
      reason = `token has invalid claims: ${error.message}`;
    else if (error instanceof joseErrors.JOSEAlgNotAllowed) reason = 'signing method is not allowed';
    throw new JwtError(`invalid JWT: unable to parse or verify signature, ${reason}`);
  }
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** 256 random bits, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * A refresh token's successor is an HMAC of the token itself under a server key. Only hashes are stored, yet when
 * two tabs present the same just-rotated token the server can hand both the same successor: it recomputes it from
 * the token presented. Without the server key, a stolen database gives no way to compute any token.
 */
export function childRefreshToken(secret: string, parent: string): string {
  return createHmac('sha256', `${secret}:refresh-token-chain`).update(parent).digest('base64url');
}

export const PKCE_PREFIX = 'pkce_';
export type CodeChallengeMethod = 's256' | 'plain';

export function isValidCodeVerifier(verifier: string, challenge: string, method: CodeChallengeMethod): boolean {
  const expected = method === 's256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  const a = Buffer.from(expected);
  const b = Buffer.from(challenge);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** S256 challenge for our own PKCE towards Google. */
export function s256Challenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}
