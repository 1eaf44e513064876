import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { Config } from '../../config.ts';

/**
 * A minimal OpenID Connect relying party for Google: discovery, authorization-code flow with PKCE and nonce, and
 * id_token verification against the provider's published keys. The issuer is configurable (GOOGLE_ISSUER) so
 * tests run the same code against a local OIDC server.
 */
export interface OidcClaims {
  sub: string;
  email?: string;
  isEmailVerified: boolean;
  name?: string;
  givenName?: string;
  familyName?: string;
  picture?: string;
  issuer: string;
}

export interface OidcProvider {
  readonly name: 'google';
  authorizationUrl(input: {
    state: string;
    nonce: string;
    codeChallenge: string;
    redirectUri: string;
    scopes?: string;
  }): Promise<string>;
  /** Exchanges the authorization code and returns the verified id_token's claims. */
  exchangeCode(input: { code: string; codeVerifier: string; redirectUri: string; nonce: string }): Promise<OidcClaims>;
}

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
}

/** Why the provider leg failed; the message is shown to the user in the error redirect. */
export class OidcError extends Error {}

const DISCOVERY_TTL_MS = 3600_000;
const HTTP_TIMEOUT_MS = 10_000;
const BASE_SCOPES = ['openid', 'email', 'profile'];

const stripSlash = (url: string) => url.replace(/\/+$/, '');
const asString = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

export function createGoogleProvider(config: Config): OidcProvider | null {
  const clientId = config.env.GOOGLE_CLIENT_ID;
  const clientSecret = config.env.GOOGLE_CLIENT_SECRET;
  if (!clientId || !clientSecret) return null;
  const issuer = stripSlash(config.env.GOOGLE_ISSUER);

  let discovery: { value: Discovery; fetchedAt: number } | undefined;
  let jwks: { uri: string; keys: JWTVerifyGetKey } | undefined;

  async function discover(): Promise<Discovery> {
    if (discovery && Date.now() - discovery.fetchedAt < DISCOVERY_TTL_MS) return discovery.value;
    let document: Partial<Discovery>;
    try {
      const response = await fetch(`${issuer}/.well-known/openid-configuration`, {
        signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      document = (await response.json()) as Partial<Discovery>;
    } catch (error) {
      throw new OidcError(`Unable to reach the identity provider (${(error as Error).message})`);
    }
    if (!document.authorization_endpoint || !document.token_endpoint || !document.jwks_uri || !document.issuer) {
      throw new OidcError('The identity provider published an incomplete OpenID configuration');
    }
    if (stripSlash(document.issuer) !== issuer)
      throw new OidcError('The identity provider announced a different issuer');
    discovery = { value: document as Discovery, fetchedAt: Date.now() };
    return discovery.value;
  }

  function keysFor(uri: string): JWTVerifyGetKey {
    if (!jwks || jwks.uri !== uri)
      jwks = { uri, keys: createRemoteJWKSet(new URL(uri), { timeoutDuration: HTTP_TIMEOUT_MS }) };
    return jwks.keys;
  }

  return {
    name: 'google',
    async authorizationUrl(input) {
      const { authorization_endpoint } = await discover();
      const url = new URL(authorization_endpoint);
      const extra = (input.scopes ?? '').split(/[\s,]+/).filter(Boolean);
      url.search = new URLSearchParams({
        client_id: clientId,
        redirect_uri: input.redirectUri,
        response_type: 'code',
        scope: [...new Set([...BASE_SCOPES, ...extra])].join(' '),
        state: input.state,
        nonce: input.nonce,
        code_challenge: input.codeChallenge,
        code_challenge_method: 'S256',
      }).toString();
      return url.href;
    },
    async exchangeCode(input) {
      const { token_endpoint, jwks_uri } = await discover();
      let body: { id_token?: unknown; error?: unknown; error_description?: unknown };
      try {
        const response = await fetch(token_endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code: input.code,
            redirect_uri: input.redirectUri,
            client_id: clientId,
            client_secret: clientSecret,
            code_verifier: input.codeVerifier,
          }),
          signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
        });
        body = (await response.json().catch(() => ({}))) as typeof body;
        if (!response.ok) {
          throw new Error(asString(body.error_description) ?? asString(body.error) ?? `HTTP ${response.status}`);
        }
      } catch (error) {
        throw new OidcError(`Unable to exchange external code: ${(error as Error).message}`);
      }
      const idToken = asString(body.id_token);
      if (!idToken) throw new OidcError('The identity provider returned no id_token');
      let payload;
      try {
        // Google signs some id_tokens with the scheme-less issuer; both name the same issuer.
        ({ payload } = await jwtVerify(idToken, keysFor(jwks_uri), {
          issuer: [issuer, issuer.replace(/^https:\/\//, '')],
          audience: clientId,
          clockTolerance: 30,
        }));
      } catch (error) {
        throw new OidcError(`Invalid id_token: ${(error as Error).message}`);
      }
      if (payload.nonce !== input.nonce) throw new OidcError('Invalid id_token: nonce mismatch');
      const sub = asString(payload.sub);
      if (!sub) throw new OidcError('Invalid id_token: missing sub claim');
      return {
        sub,
        email: asString(payload.email)?.toLowerCase(),
        isEmailVerified: payload.email_verified === true || payload.email_verified === 'true',
        name: asString(payload.name),
        givenName: asString(payload.given_name),
        familyName: asString(payload.family_name),
        picture: asString(payload.picture),
        issuer: asString(payload.iss) ?? issuer,
      };
    },
  };
}
