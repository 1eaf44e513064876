import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { CONSENT_VERSION } from '@sonhario/contracts/consents';
import { testServer } from './server.ts';

/** One e-mail as the server writes it to DATA_DIR/outbox when no SMTP server is configured. */
export interface OutboxEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  sentAt: string;
  file: string;
}

async function readOutbox(dataDir: string): Promise<OutboxEmail[]> {
  const dir = path.join(dataDir, 'outbox');
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.json')).sort();
  } catch {
    return [];
  }
  return Promise.all(
    names.map(async (name) => ({
      ...(JSON.parse(await readFile(path.join(dir, name), 'utf8')) as Omit<OutboxEmail, 'file'>),
      file: name,
    })),
  );
}

/**
 * Waits for the newest e-mail to `to` (optionally with a subject) that was not in `seen`, and returns it.
 * Pass the files already read (`emails.map(e => e.file)`) to wait for the next one.
 */
export async function waitForEmail(
  to: string,
  { subject, seen = [], timeoutMs = 15_000 }: { subject?: string; seen?: string[]; timeoutMs?: number } = {},
): Promise<OutboxEmail> {
  const dataDir = testServer().dataDir;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = (await readOutbox(dataDir))
      .filter((email) => email.to === to && (!subject || email.subject === subject) && !seen.includes(email.file))
      .at(-1);
    if (match) return match;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no e-mail to ${to}${subject ? ` with subject "${subject}"` : ''} arrived in ${timeoutMs} ms`);
}

/** The one action link an auth e-mail carries. */
export function linkOf(email: OutboxEmail): string {
  const [link] = email.links;
  if (!link) throw new Error(`e-mail "${email.subject}" to ${email.to} has no link`);
  return link;
}

let anonKey: string | undefined;

/** The anon key the server injects into index.html, for calling the auth API like the app does. */
async function getAnonKey(baseUrl: string): Promise<string> {
  if (anonKey) return anonKey;
  const html = await (await fetch(`${baseUrl}/`)).text();
  const content = /<meta name="sonhario-config" content="([^"]*)"/.exec(html)?.[1];
  if (!content) throw new Error('index.html has no sonhario-config meta tag');
  const decoded = content
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
  anonKey = (JSON.parse(decoded) as { supabaseAnonKey: string }).supabaseAnonKey;
  return anonKey;
}

/**
 * Creates an account the quick way (API sign-up with the consent box ticked, as the form requires, then the
 * e-mailed confirmation link followed without a browser), for journeys that start from an existing user.
 */
export async function createConfirmedUser(
  baseUrl: string,
  {
    email,
    password,
    firstName = '',
    lastName = '',
  }: { email: string; password: string; firstName?: string; lastName?: string },
): Promise<void> {
  const key = await getAnonKey(baseUrl);
  const response = await fetch(`${baseUrl}/auth/v1/signup?redirect_to=${encodeURIComponent(`${baseUrl}/`)}`, {
    method: 'POST',
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password,
      data: { first_name: firstName, last_name: lastName, consent_version: CONSENT_VERSION },
    }),
  });
  if (!response.ok) throw new Error(`sign-up of ${email} failed: ${response.status} ${await response.text()}`);
  const confirmation = await waitForEmail(email);
  const verified = await fetch(linkOf(confirmation), { redirect: 'manual' });
  const location = verified.headers.get('location') ?? '';
  if (!location.includes('access_token='))
    throw new Error(`confirming ${email} failed: ${verified.status} ${location}`);
}
