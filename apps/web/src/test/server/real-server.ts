import { type Analysis, analysisStreamEventSchema } from '@sonhario/contracts/analyses';
import { CONSENT_VERSION, type ConsentPurpose } from '@sonhario/contracts/consents';
import type { CreateDreamInput, Dream } from '@sonhario/contracts/dreams';
import type { PlanId } from '@sonhario/contracts/profile';
import type { Session } from '@supabase/supabase-js';
import { inject } from 'vitest';
import { browserTimeZone } from '@/lib/dates';
import type { ControlRequest, ProviderScript } from './control-protocol';

/**
 * The state tests need, put in place the product's own ways: sign-up and the API as the user, the admin API with the
 * service-role key, and (where the product has no API) the control server of global-setup.ts. None of it goes
 * through the test proxy, so the requests a test reads there are only the app's.
 */
export const testServer = inject('webTestServer');

export const TEST_PASSWORD = 'senha-atual-1';

export const USER_AGENTS = {
  chromeLinux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
};

async function control<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`${testServer.controlUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`control ${path}: ${response.status} ${await response.text()}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

export interface ServerAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One request to the real server (as of `at` when given). */
export function serverRequest(request: ControlRequest): Promise<ServerAnswer> {
  return control<ServerAnswer>('/inject', request);
}

async function expectJson<T>(request: ControlRequest, status = 200): Promise<T> {
  const answer = await serverRequest(request);
  if (answer.status !== status) {
    const errors = answer.status >= 500 ? `\n${JSON.stringify(await control('/errors', {}))}` : '';
    throw new Error(`${request.method} ${request.url}: ${answer.status} ${answer.body}${errors}`);
  }
  return (answer.body ? JSON.parse(answer.body) : undefined) as T;
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  session: Session;
  headers: { authorization: string };
}

let sequence = 0;
/** `name@<unique>.example.com`: unique per account, with the part before the @ the app shows as it was chosen. */
const uniqueEmail = (name: string) => {
  sequence += 1;
  return `${name}@${Date.now().toString(36)}${sequence}${Math.random().toString(36).slice(2, 6)}.example.com`;
};

export interface NewUserOptions {
  /** null: no name given at sign-up. */
  firstName?: string | null;
  lastName?: string | null;
  /** The part of the e-mail before the @ (the domain is unique). */
  emailName?: string;
  /** Ticks the sign-up consent box (both purposes granted); off: the consent is unanswered, as for Google. */
  isConsenting?: boolean;
  /** The browser this session signed in from. */
  userAgent?: string;
  /** The profile's time zone; by default this test process's, as the app stores on the first visit. */
  timeZone?: string | null;
}

/** A new account on the real server, signed up as the web app does (autoconfirm on: a session at once). */
export async function createUser(options: NewUserOptions = {}): Promise<TestUser> {
  const email = uniqueEmail(options.emailName ?? 'ana.lima');
  const headers = { apikey: testServer.anonKey, 'user-agent': options.userAgent ?? USER_AGENTS.chromeLinux };
  const session = await expectJson<Session>({
    method: 'POST',
    url: '/auth/v1/signup',
    headers,
    payload: {
      email,
      password: TEST_PASSWORD,
      data: {
        ...(options.firstName === null ? {} : { first_name: options.firstName ?? 'Ana' }),
        ...(options.lastName === null ? {} : { last_name: options.lastName ?? 'Lima' }),
        ...((options.isConsenting ?? true) ? { consent_version: CONSENT_VERSION } : {}),
      },
    },
  });
  const user: TestUser = {
    id: session.user.id,
    email,
    password: TEST_PASSWORD,
    session,
    headers: { authorization: `Bearer ${session.access_token}` },
  };
  const timeZone = options.timeZone === undefined ? browserTimeZone() : options.timeZone;
  if (timeZone) await userApi(user).patch('/me/profile', { timeZone });
  return user;
}

/** A new session of an account (another device signing in). */
export function signInWithPassword(email: string, userAgent = USER_AGENTS.chromeLinux): Promise<Session> {
  return expectJson<Session>({
    method: 'POST',
    url: '/auth/v1/token?grant_type=password',
    headers: { apikey: testServer.anonKey, 'user-agent': userAgent },
    payload: { email, password: TEST_PASSWORD },
  });
}

/** The session a password-recovery link gives (the e-mail the server wrote, its link followed). */
export function recoverySession(user: TestUser): Promise<Session> {
  return control<Session>('/recovery-session', { email: user.email, apikey: testServer.anonKey });
}

/** The API as a user (not through the proxy). */
export function userApi(user: TestUser, options: { at?: string } = {}) {
  const call = <T>(method: ControlRequest['method'], url: string, payload?: unknown, status = 200) =>
    expectJson<T>({ at: options.at, method, url: `/api/v1${url}`, headers: user.headers, payload }, status);
  return {
    get: <T>(url: string) => call<T>('GET', url),
    post: <T>(url: string, payload?: unknown, status = 200) => call<T>('POST', url, payload ?? {}, status),
    patch: <T>(url: string, payload: unknown) => call<T>('PATCH', url, payload),
    delete: <T>(url: string) => call<T>('DELETE', url),
  };
}

/** Records dreams through the API (as of `at`, or each its own `recordedAt`-like instant); returns them as stored. */
export async function createDreams(
  user: TestUser,
  dreams: (Partial<CreateDreamInput> & { at?: string })[],
): Promise<Dream[]> {
  const created: Dream[] = [];
  for (const { at, ...dream } of dreams) {
    created.push(await userApi(user, { at }).post<Dream>('/dreams', { content: 'Um sonho.', ...dream }, 201));
  }
  return created;
}

/** Analyses a dream through the API (as of `at`, by the main or the generative instance); returns the stored analysis. */
export async function analyseDream(
  user: TestUser,
  dreamId: string,
  options: { at?: string; instance?: 'main' | 'generative' } = {},
): Promise<Analysis> {
  const answer = await serverRequest({
    at: options.at,
    instance: options.instance,
    method: 'POST',
    url: `/api/v1/dreams/${dreamId}/analyses`,
    headers: { ...user.headers, accept: 'text/event-stream' },
    payload: {},
  });
  const events = answer.body
    .split('\n\n')
    .filter((frame) => frame.trim() && !frame.startsWith(':'))
    .map((frame) => {
      const fields = Object.fromEntries(
        frame.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]),
      );
      return analysisStreamEventSchema.parse({ event: fields.event, data: JSON.parse(fields.data ?? 'null') });
    });
  const done = events.find((event) => event.event === 'done');
  if (!done) throw new Error(`analysis failed: ${answer.status} ${answer.body}`);
  return done.data;
}

/** The operators' plan change (admin API, service-role key). */
export async function setPlan(user: TestUser, plan: PlanId): Promise<void> {
  await expectJson({
    method: 'PUT',
    url: `/api/v1/admin/users/${user.id}/plan`,
    headers: { authorization: `Bearer ${testServer.serviceRoleKey}` },
    payload: { plan },
  });
}

/** The operators' credit grant (the CLI's; no HTTP API), as of `at` when given. */
export function grantCredits(user: TestUser, amount: number, options: { key?: string; at?: string } = {}) {
  sequence += 1;
  return control('/grant-credits', { userId: user.id, amount, key: options.key ?? `test-${sequence}`, at: options.at });
}

/** The operator's answer to a support message (`npm run admin -- support answer`; no HTTP API). */
export function answerSupportMessage(messageId: string, answer: string) {
  return control<{ kind: string }>('/answer-support', { messageId, answer });
}

/** Answers the consent question (or changes it in the settings) through the API. */
export async function answerConsent(
  user: TestUser,
  isGranted: boolean,
  purposes: ConsentPurpose[] = ['ai_analysis', 'data_processing'],
): Promise<void> {
  await userApi(user).post('/me/consents', { purposes, isGranted, textVersion: CONSENT_VERSION });
}

/**
 * Scripts the local model for the next analysis whose request contains `needle`; returns functions to wait until it
 * got there (for a stall: until it paused) and to let a stall go on.
 */
export async function scriptProvider(script: ProviderScript) {
  const { id } = await control<{ id: number }>('/provider/script', script);
  return {
    reached: () => control(`/provider/reached/${id}`, {}),
    finished: () => control(`/provider/finished/${id}`, {}),
    release: () => control(`/provider/release/${id}`, {}),
  };
}
