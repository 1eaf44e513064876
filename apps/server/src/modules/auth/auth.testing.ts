import { randomBytes } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { OAuth2Server } from 'oauth2-mock-server';
import { createListeningTestApp, freePort, type TestApp } from '../../test/harness.ts';
import { getApiKeys } from './auth.tokens.ts';

/**
 * Test helpers for driving the real @supabase/supabase-js client against the server. Node 20 has no global
 * WebSocket and supabase-js builds its realtime client eagerly; these tests never open a realtime channel, so the
 * client gets a transport that refuses to connect instead of a WebSocket library.
 */
// supabase-js takes the transport as a WebSocket constructor (`new transport(url)`): a class whose constructor
// refuses is exactly that, so a class with only a constructor is the point here.
// eslint-disable-next-line @typescript-eslint/no-extraneous-class
class NoRealtimeTransport {
  constructor() {
    throw new Error('realtime is not used in these tests');
  }
}

export function supabaseFor(
  url: string,
  key: string,
  options: { flowType?: 'implicit' | 'pkce' } = {},
): SupabaseClient {
  return createClient(url, key, {
    auth: {
      persistSession: false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      flowType: options.flowType ?? 'implicit',
    },
    realtime: { transport: NoRealtimeTransport as never },
  });
}

export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomBytes(5).toString('hex')}@example.com`;
}

/** Follows one hop like a browser would, without going further: the status and where it points. */
export async function followLink(
  link: string,
  init: RequestInit = {},
): Promise<{ status: number; location: string; setCookie: string | null }> {
  const response = await fetch(link, { ...init, redirect: 'manual' });
  await response.arrayBuffer();
  return {
    status: response.status,
    location: response.headers.get('location') ?? '',
    setCookie: response.headers.get('set-cookie'),
  };
}

export function fragmentOf(location: string): URLSearchParams {
  return new URLSearchParams(new URL(location).hash.slice(1));
}

export function queryOf(location: string): URLSearchParams {
  return new URL(location).searchParams;
}

export const PASSWORD = 'correct horse battery';

export interface ParsedMail {
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string;
}

function decodeTransfer(body: string, encoding: string | undefined): string {
  const cte = (encoding ?? '7bit').toLowerCase();
  if (cte === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (cte === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

function decodeWords(value: string): string {
  // The space between two encoded words is folding, not text (RFC 2047): join them before decoding.
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeTransfer(text.replace(/_/g, ' '), 'quoted-printable'),
    );
}

function splitEntity(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at === -1 ? raw : raw.slice(0, at);
  const body = at === -1 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

/** Just enough MIME to read what nodemailer sends: multipart/alternative with quoted-printable or base64 parts. */
export function parseMail(raw: string): ParsedMail {
  const { headers, body } = splitEntity(raw);
  const parts: { type: string; content: string }[] = [];
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      const part = splitEntity(chunk.replace(/^\r?\n/, ''));
      parts.push({
        type: part.headers['content-type'] ?? '',
        content: decodeTransfer(part.body, part.headers['content-transfer-encoding']),
      });
    }
  } else {
    parts.push({
      type: headers['content-type'] ?? 'text/plain',
      content: decodeTransfer(body, headers['content-transfer-encoding']),
    });
  }
  return {
    headers,
    subject: decodeWords(headers.subject ?? ''),
    text: parts.find((p) => p.type.startsWith('text/plain'))?.content ?? '',
    html: parts.find((p) => p.type.startsWith('text/html'))?.content ?? '',
  };
}

/**
 * A response body as the contract type the caller names (`AuthError`, `AuthSession`, `AuthSettings`): a type for
 * the assertions to read, not a check; the assertions are the check.
 */
export async function bodyOf<Body>(res: Response): Promise<Body> {
  return (await res.json()) as Body;
}

/**
 * A listening app whose Google sign-in goes to a real local OpenID Connect provider standing in for Google.
 * `claimsOfNextSignIn` is read each time that provider signs a token: what "Google" says about the person.
 */
export async function startAppWithGoogle(
  claimsOfNextSignIn: () => Record<string, unknown>,
  env: Record<string, string> = {},
): Promise<{
  t: TestApp & { url: string };
  oidc: OAuth2Server;
  anonKey: string;
  close(): Promise<void>;
}> {
  const oidc = new OAuth2Server();
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(await freePort(), '127.0.0.1');
  oidc.service.on('beforeTokenSigning', (token) => Object.assign(token.payload, claimsOfNextSignIn()));
  const t = await createListeningTestApp({
    GOOGLE_CLIENT_ID: 'sonhario-test-client',
    GOOGLE_CLIENT_SECRET: 'sonhario-test-secret',
    GOOGLE_ISSUER: oidc.issuer.url!,
    RATE_LIMIT_EMAIL_SENT: '1000',
    RATE_LIMIT_TOKEN: '1000',
    ...env,
  });
  return {
    t,
    oidc,
    anonKey: getApiKeys(t.app.deps.secrets).anonKey,
    close: async () => {
      await t.close();
      await oidc.stop();
    },
  };
}
