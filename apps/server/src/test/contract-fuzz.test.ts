import { randomUUID } from 'node:crypto';
import { exportFileSchema } from '@sonhario/contracts/account';
import { analysisStreamEventSchema } from '@sonhario/contracts/analyses';
import { monthlyReportStreamEventSchema } from '@sonhario/contracts/reports';
import { DREAM_LIMITS, EMOTIONS } from '@sonhario/contracts/dreams';
import { apiErrorSchema, isApiErrorCode, type ApiErrorCode } from '@sonhario/contracts/errors';
import { SUPPORT_LIMITS } from '@sonhario/contracts/support';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD } from '../modules/auth/auth.testing.ts';
import { getApiKeys } from '../modules/auth/auth.tokens.ts';
import { JOURNAL_TEST_ENV, postDream, queryRows, signUpUser, type TestUser } from '../modules/dreams/dreams.testing.ts';
import {
  blankText,
  brokenLeaf,
  brokenValue,
  OMIT,
  storableText,
  validValue,
  type Breakage,
  type JsonSchema,
  type Refinements,
  type RuleBreaker,
} from './contract-fuzz.arbitraries.ts';
import { createListeningTestApp } from './harness.ts';

/**
 * Property-based fuzzing of the whole /api/v1 surface, driven by the server's own OpenAPI document (issue 13).
 * For every operation the document lists: requests generated to satisfy it (plus the few rules a JSON Schema cannot
 * state, named in the plans below) must get the answer the plan predicts from what the journal holds, a 2xx but
 * for the state-dependent cases each plan names; requests broken in exactly one place (a field, a query or path
 * parameter, a header, the body as a whole) must be refused with a 4xx and the error body of the contract;
 * nothing may answer 5xx, and the server must still answer afterwards. Real HTTP to a listening app, as a real
 * signed-in user.
 *
 * CONTRACT_FUZZ_RUNS=<n> runs every property n times instead of the plan's count (deeper local runs);
 * CONTRACT_FUZZ_SEED=<seed> replays a failure with the seed fast-check printed (runs are otherwise seeded at random,
 * so each run explores new inputs).
 */

const RUNS_OVERRIDE = process.env.CONTRACT_FUZZ_RUNS ? Number(process.env.CONTRACT_FUZZ_RUNS) : undefined;
if (process.env.CONTRACT_FUZZ_SEED) fc.configureGlobal({ seed: Number(process.env.CONTRACT_FUZZ_SEED) });
const DEFAULT_RUNS = { valid: 40, invalid: 40 };
const TEST_TIMEOUT_MS = 120_000 * Math.max(1, (RUNS_OVERRIDE ?? 0) / DEFAULT_RUNS.valid);

const t = await createListeningTestApp({
  ...JOURNAL_TEST_ENV,
  // The builtin analysis provider answers at once; the limits stay out of the way of a few thousand requests.
  AI_BUILTIN_REVEAL_MS: '0',
  RATE_LIMIT_TOKEN: '1000000',
  RATE_LIMIT_VERIFY: '1000000',
  RATE_LIMIT_EMAIL_SENT: '1000000',
});
afterAll(() => t.close());

// --- the operations, from the OpenAPI document -----------------------------------------------------------------

interface Parameter {
  name: string;
  isRequired: boolean;
  schema: JsonSchema;
}

interface Operation {
  /** `METHOD /path` as the document writes it, relative to /api/v1: `GET /dreams/{id}`. */
  key: string;
  method: string;
  path: string;
  isPublic: boolean;
  body?: JsonSchema;
  query: Parameter[];
  headers: Parameter[];
  pathParams: Parameter[];
}

interface OpenApiOperation {
  security?: unknown[];
  parameters?: { name: string; in: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

const API = '/api/v1';
const documentAnswer = await fetch(`${t.url}${API}/openapi.json`);
const openApi = (await documentAnswer.json()) as { paths: Record<string, Record<string, OpenApiOperation>> };

const operations: Operation[] = Object.entries(openApi.paths).flatMap(([fullPath, methods]) =>
  Object.entries(methods).map(([method, spec]) => {
    const path = fullPath.slice(API.length);
    const parameters = (spec.parameters ?? []).map((p) => ({
      in: p.in,
      name: p.name,
      isRequired: p.required === true,
      schema: p.schema,
    }));
    const body = spec.requestBody?.content['application/json']?.schema;
    return {
      key: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      isPublic: !spec.security || spec.security.length === 0,
      ...(body ? { body } : {}),
      query: parameters.filter((p) => p.in === 'query'),
      headers: parameters.filter((p) => p.in === 'header'),
      pathParams: parameters.filter((p) => p.in === 'path'),
    };
  }),
);

// --- what the journal holds (the model the plans predict answers from) -----------------------------------------

interface World {
  main: TestUser;
  /** The account POST /me/delete is fuzzed on; replaced by a fresh one each time a deletion succeeds. */
  leaver: TestUser;
  other: TestUser;
  othersDreamId: string;
  serviceRoleKey: string;
  /** The main user's dreams this test created: live or deleted (restorable), and their version. */
  dreams: Map<string, { isLive: boolean; version: number }>;
  /** Idempotency keys of POST /dreams that created a dream, and that dream. */
  dreamKeys: Map<string, string>;
  /** Idempotency keys of stored analyses, and the dream analysed. */
  analysisKeys: Map<string, string>;
  isAiConsentGiven: boolean;
  /** Whether the main user claimed today's daily bonus (the server's clock is the real one). */
  isDailyBonusClaimed: boolean;
  /** Messages the main user sent to support (ten a day at most). */
  supportMessagesSent: number;
  /** Page cursors the server wrote, by operation (`GET /dreams`). */
  cursors: Map<string, string[]>;
  databaseTimeZones: ReadonlySet<string>;
}

let world: World;

// --- requests and answers --------------------------------------------------------------------------------------

const NO_BODY = Symbol('no body');
/** In a generated PATCH body: the version of the dream it edits, as a client that just read it sends. */
const CURRENT_VERSION = Symbol('current version');

/** Which resource a path id names, decided when the request is made (the journal changes as the run goes). */
type IdChoice = { kind: 'live' | 'deleted'; pick: number } | { kind: 'others' | 'random' | 'user'; id: string };
type Target = { kind: 'live' | 'deleted' | 'others' | 'random' | 'user'; id: string };

interface Input {
  id?: IdChoice;
  query: Record<string, unknown>;
  headers: Record<string, unknown>;
  body: unknown;
  contentType: string;
  isStreamWanted: boolean;
}

/** A request about to be sent: the input, with its id resolved against the journal. */
interface Call {
  op: Operation;
  input: Input;
  target?: Target;
  token: string;
}

interface WireRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

interface Answer {
  status: number;
  contentType: string;
  text: string;
}

/** Percent-encoding that also writes a lone surrogate (as the three bytes WTF-8 gives it; not UTF-8). */
function percentEncode(text: string): string {
  let encoded = '';
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      encoded += encodeURIComponent(text.slice(i, i + 2));
      i += 1;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      encoded += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else {
      encoded += encodeURIComponent(text.charAt(i));
    }
  }
  return encoded;
}

function queryString(query: Record<string, unknown>, raw = ''): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === OMIT || value === undefined) continue;
    for (const one of Array.isArray(value) ? (value as unknown[]) : [value]) {
      parts.push(`${percentEncode(key)}=${percentEncode(String(one))}`);
    }
  }
  if (raw) parts.push(raw);
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

/** The resource a path id names now: the n-th live (or deleted) dream of the journal, or a fixed id. */
function resolveId(choice: IdChoice): Target {
  if ('pick' in choice) {
    const wanted = choice.kind === 'live';
    const ids = [...world.dreams].filter(([, dream]) => dream.isLive === wanted).map(([id]) => id);
    const id = ids[choice.pick % Math.max(ids.length, 1)];
    return id ? { kind: choice.kind, id } : { kind: 'random', id: randomUUID() };
  }
  return choice;
}

function toWire(call: Call, override: { segment?: string; rawQuery?: string; raw?: RawBody } = {}): WireRequest {
  const { op, input } = call;
  const segment = override.segment ?? (call.target ? encodeURIComponent(call.target.id) : '');
  const headers: Record<string, string> = { authorization: `Bearer ${call.token}` };
  for (const [name, value] of Object.entries(input.headers)) {
    if (typeof value === 'string') headers[name] = value;
  }
  if (input.isStreamWanted) headers.accept = 'text/event-stream';
  let body: string | Uint8Array | undefined;
  if (override.raw) {
    body = override.raw.bytes;
    if (override.raw.contentType) headers['content-type'] = override.raw.contentType;
  } else if (input.body !== NO_BODY) {
    body = JSON.stringify(input.body);
    headers['content-type'] = input.contentType;
  }
  return {
    method: op.method,
    url: `${API}${op.path.replace('{id}', segment)}${queryString(input.query, override.rawQuery)}`,
    headers,
    ...(body === undefined ? {} : { body }),
  };
}

async function send(request: WireRequest): Promise<Answer> {
  const response = await fetch(`${t.url}${request.url}`, {
    method: request.method,
    headers: request.headers,
    redirect: 'manual',
    ...(request.body === undefined ? {} : { body: request.body }),
  });
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    text: await response.text(),
  };
}

const clip = (text: string, max = 600) => (text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text);

/**
 * A logged error, said briefly: its request, its type, the start of its message and its end, where pino appends the
 * causes (a failed query's message holds its SQL and parameters in between, left out).
 */
function describeLoggedError(line: string): string {
  const entry = JSON.parse(line) as { reqId?: string; msg?: string; err?: { type?: string; message?: string } };
  const message = entry.err?.message ?? entry.msg ?? '';
  const said = message.length > 400 ? `${message.slice(0, 120)} … ${message.slice(-280)}` : message;
  return `${entry.reqId ?? '-'} ${entry.err?.type ?? ''} ${said}`;
}

function describeExchange(request: WireRequest, answer: Answer): string {
  const body = request.body === undefined ? '' : typeof request.body === 'string' ? request.body : '<bytes>';
  return `${request.method} ${clip(request.url, 300)} ${clip(body)}\n→ ${answer.status} ${clip(answer.text)}`;
}

/** Any 4xx: the contract's error body, with a code of the contract. */
function assertErrorBody(request: WireRequest, answer: Answer): ApiErrorCode {
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.text);
  } catch {
    throw new Error(`a ${answer.status} without a JSON error body:\n${describeExchange(request, answer)}`);
  }
  const error = apiErrorSchema.safeParse(parsed);
  if (!error.success || !isApiErrorCode(error.data.code)) {
    throw new Error(`a ${answer.status} whose body is not the contract's error:\n${describeExchange(request, answer)}`);
  }
  return error.data.code;
}

interface Outcome {
  status: number;
  code?: ApiErrorCode;
}

/**
 * A JSON escape of half a surrogate pair (JSON.stringify escapes lone surrogates only; pairs stay characters); not
 * a dream that holds the six characters `\ud800`, whose backslash JSON escapes.
 */
const LONE_SURROGATE_ESCAPE = /(?<!\\)(?:\\\\)*\\u[dD][89a-fA-F][0-9a-fA-F]{2}/;

/**
 * The answer is one of `allowed`; never a 5xx; a 4xx carries the contract's error body; no answer holds half a
 * surrogate pair (text no client can decode; the server refuses it as input).
 */
function assertOutcome(request: WireRequest, answer: Answer, allowed: readonly Outcome[]): void {
  if (answer.status >= 500) throw new Error(`a ${answer.status}:\n${describeExchange(request, answer)}`);
  if (LONE_SURROGATE_ESCAPE.test(answer.text)) {
    throw new Error(`an answer with a lone surrogate:\n${describeExchange(request, answer)}`);
  }
  const code = answer.status >= 400 ? assertErrorBody(request, answer) : undefined;
  const isAllowed = allowed.some(
    (outcome) => outcome.status === answer.status && (outcome.code === undefined || outcome.code === code),
  );
  if (!isAllowed) {
    const expected = allowed.map((outcome) => `${outcome.status}${outcome.code ? ` ${outcome.code}` : ''}`).join(' | ');
    throw new Error(`expected ${expected}, got:\n${describeExchange(request, answer)}`);
  }
}

// --- the plans: how to generate each operation's valid requests, and what they must get ------------------------

interface Plan {
  /** Operations run by phase (ties in the document's order): writes that fill the journal first, deletions last. */
  phase: number;
  caller?: 'main' | 'leaver' | 'operator';
  /** What a path id names: the journal's dreams (default) or accounts (the operator route). */
  ids?: 'dreams' | 'users';
  runs?: { valid?: number; invalid?: number };
  body?: () => Refinements;
  query?: () => Refinements;
  headers?: () => Refinements;
  /** Values the document allows but a rule of the server refuses, to put in a valid body (one per request). */
  bodyRules?: () => RuleBreaker[];
  queryRules?: () => RuleBreaker[];
  /** A request completed from the journal when it is sent (the version of the dream it edits). */
  resolve?: (call: Call) => Call;
  /** A valid request made consistent across its fields (a date range in order). */
  adjust?: (input: Input) => Input;
  /** Whether the operation can answer as a text/event-stream (then half the valid requests ask for it). */
  canStream?: boolean;
  /** The body may be left out (the rewards' writes take none, and refuse any key): no body is no breakage there. */
  isBodyOptional?: boolean;
  /** Codes a refused body gets instead of validation_failed (the import explains refusals in its own codes). */
  refusalCodes?: ApiErrorCode[];
  /** The answers a valid request may get, from the journal as it is before the request. */
  expect: (call: Call) => Outcome[];
  /** After a valid request: check the answer further and update the journal's model. */
  check?: (call: Call, answer: Answer) => Promise<void> | void;
}

const ok = (status = 200): Outcome[] => [{ status }];
const notFound: Outcome[] = [{ status: 404, code: 'not_found' }];
const isLive = (call: Call) => call.target?.kind === 'live';
const bodyOf = (call: Call) => call.input.body as Record<string, unknown>;

/** The latest date no time zone can see as the future: UTC yesterday (the earliest zone, UTC−12, is one day behind). */
function latestPastDate(): Date {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() - 1);
  return date;
}
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const pastDay = () =>
  fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: latestPastDate(), noInvalidDate: true }).map(isoDay);
const futureDay = () => {
  const soonest = new Date();
  soonest.setUTCDate(soonest.getUTCDate() + 2);
  return fc.date({ min: soonest, max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true }).map(isoDay);
};
const before1900 = () =>
  fc
    .date({ min: new Date('0000-01-01T00:00:00Z'), max: new Date('1899-12-31T00:00:00Z'), noInvalidDate: true })
    .map(isoDay);
/** A report's month: mostly past ones, sometimes this month (as no zone sees the future) or two or more ahead. */
const reportMonth = () => {
  const soonest = new Date();
  soonest.setUTCDate(1);
  soonest.setUTCMonth(soonest.getUTCMonth() + 2);
  return fc.oneof(
    { weight: 3, arbitrary: pastDay().map((day) => day.slice(0, 7)) },
    { weight: 2, arbitrary: fc.constant(isoDay(latestPastDate()).slice(0, 7)) },
    {
      weight: 1,
      arbitrary: fc
        .date({ min: soonest, max: new Date('9999-12-01T00:00:00Z'), noInvalidDate: true })
        .map((date) => isoDay(date).slice(0, 7)),
    },
  );
};
const uniqueEmotions = () => fc.uniqueArray(fc.constantFrom(...EMOTIONS), { maxLength: EMOTIONS.length });
const repeatedEmotion = () =>
  fc
    .tuple(fc.constantFrom(...EMOTIONS), fc.uniqueArray(fc.constantFrom(...EMOTIONS), { maxLength: 4 }))
    .map(([twice, others]) => [twice, ...others, twice]);

/** The runtime's name for a time zone, if it knows it. */
const canonicalTimeZone = (timeZone: string) => {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
};
const isKnownTimeZone = (timeZone: string) => canonicalTimeZone(timeZone) !== undefined;
/**
 * Time zones the server accepts: those the runtime knows (some spelled in other cases, or by an old alias) and the
 * database too (its tz data may be older, and the server refuses a zone it cannot compute dates in).
 */
const knownTimeZone = () =>
  fc
    .tuple(
      fc.constantFrom(...Intl.supportedValuesOf('timeZone'), 'UTC', 'Etc/GMT+12', 'Etc/GMT-14', 'US/Pacific', 'GMT0'),
      fc.constantFrom('as is', 'lower', 'upper'),
    )
    .map(([zone, spelling]) =>
      spelling === 'lower' ? zone.toLowerCase() : spelling === 'upper' ? zone.toUpperCase() : zone,
    )
    .filter((zone) => world.databaseTimeZones.has(canonicalTimeZone(zone) ?? ''));
const unknownTimeZone = () =>
  fc
    .oneof(
      fc.constantFrom('Mars/Olympus_Mons', 'America/Sao Paulo', 'Europe/', '/UTC', 'UTC/UTC', '+05:30', 'local'),
      storableText(1, 64),
    )
    .filter((zone) => !isKnownTimeZone(zone));

/**
 * A page cursor the server would write: one it wrote for this list, or one for any position (cursors are plain
 * base64url JSON, so any position in them is one a client may send).
 */
function cursorOf(key: string, position: fc.Arbitrary<unknown[]>): fc.Arbitrary<unknown> {
  const pool = world.cursors.get(key) ?? [];
  const crafted = position.map((parts) => Buffer.from(JSON.stringify(parts)).toString('base64url'));
  return pool.length > 0 ? fc.oneof(fc.constantFrom(...pool), crafted) : crafted;
}

/** The cursors of a list's first pages, one item a page. */
async function collectCursors(op: Operation): Promise<void> {
  const cursors: string[] = [];
  let cursor: string | null = null;
  do {
    const url: string = `${API}${op.path}?limit=1${cursor ? `&cursor=${cursor}` : ''}`;
    const page = await send({ method: 'GET', url, headers: bearer(world.main.accessToken) });
    expect(page.status, page.text).toBe(200);
    cursor = (JSON.parse(page.text) as { nextCursor: string | null }).nextCursor;
    if (cursor) cursors.push(cursor);
  } while (cursor && cursors.length < 10);
  world.cursors.set(op.key, cursors);
}
const anyInstant = () =>
  fc
    .date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true })
    .map((date) => date.toISOString());
const garbageCursor = () => fc.oneof(storableText(1, 200), fc.constantFrom('W10', 'WyIiLCIiXQ', 'bnVsbA'));

/** Rules of a dream's fields that the document cannot state (zod refinements and service checks). */
function dreamRules(): RuleBreaker[] {
  return [
    { path: ['dreamtOn'], what: 'dreamtOn in the future', value: futureDay() },
    { path: ['dreamtOn'], what: 'dreamtOn before 1900', value: before1900() },
    { path: ['emotions'], what: 'an emotion twice', value: repeatedEmotion() },
    { path: ['content'], what: 'blank content', value: blankText(50) },
    {
      path: ['tags'],
      what: 'a blank tag',
      value: fc.array(blankText(10), { minLength: 1, maxLength: 3 }),
    },
  ];
}

const dreamFieldRefinements = (): Refinements => ({ dreamtOn: pastDay(), emotions: uniqueEmotions() });

/** When an exported dream was recorded: from 1900 to now (the import refuses earlier ones). */
const recordedInstant = () =>
  fc
    .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date(), noInvalidDate: true })
    .map((date) => date.toISOString());

/** The dream fields of an export file, held to what POST /dreams takes (the import re-checks them with its schema). */
const exportDreamRefinements = (): Refinements => ({
  'dreams[].title': storableText(0, DREAM_LIMITS.titleMax),
  'dreams[].content': storableText(1, DREAM_LIMITS.contentMax),
  'dreams[].notes': fc.option(storableText(0, DREAM_LIMITS.notesMax), { nil: null }),
  'dreams[].dreamtOn': pastDay(),
  'dreams[].recordedAt': recordedInstant(),
  'dreams[].mood': fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
  'dreams[].vividness': fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
  'dreams[].sleepQuality': fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
  'dreams[].lucidity': fc.integer({ min: 0, max: 3 }),
  'dreams[].emotions': uniqueEmotions(),
  'dreams[].tags': fc.array(storableText(1, DREAM_LIMITS.tagLengthMax), { maxLength: DREAM_LIMITS.tagsMax }),
  'profile.timeZone': knownTimeZone(),
});

function importSchema(): JsonSchema {
  const op = operations.find((candidate) => candidate.key === 'POST /me/import');
  if (!op?.body) throw new Error('POST /me/import has no body in the document');
  return op.body;
}

/** An export file's `dreams` with one dream breaking a rule the import checks. */
function importDreamRule(what: string, refinements: Refinements): RuleBreaker {
  const dreamSchema = importSchema().properties?.dreams?.items;
  if (!dreamSchema) throw new Error('the export file has no dreams schema');
  const prefixed = Object.fromEntries(
    Object.entries({ ...exportDreamRefinements(), ...refinements })
      .filter(([key]) => key.startsWith('dreams[].'))
      .map(([key, value]) => [key.slice('dreams[].'.length), value]),
  );
  return {
    path: ['dreams'],
    what,
    // Not deleted: a dream deleted in the file is skipped unread.
    value: validValue(dreamSchema, { ...prefixed, deletedAt: fc.constant(null) }).map((dream) => [dream]),
  };
}

const PLANS: Record<string, Plan> = {
  // Phase 1: the journal fills up with generated dreams, which every later operation then reads, changes, analyses.
  'POST /dreams': {
    phase: 1,
    runs: { valid: 60, invalid: 60 },
    body: dreamFieldRefinements,
    headers: () => ({
      'idempotency-key': fc.string({
        unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)),
        minLength: 8,
        maxLength: 100,
      }),
    }),
    bodyRules: dreamRules,
    // A key that created a dream replays it (200), or is refused once that dream was deleted (409).
    expect: (call) => {
      const key = call.input.headers['idempotency-key'];
      const earlier = typeof key === 'string' ? world.dreamKeys.get(key) : undefined;
      if (earlier === undefined) return ok(201);
      return world.dreams.get(earlier)?.isLive ? ok(200) : [{ status: 409, code: 'idempotency_key_reused' }];
    },
    check: async (call, answer) => {
      if (answer.status >= 300) return;
      const sent = bodyOf(call);
      // The answer adds what saving earned (modules/rewards): nothing on a replay; the dream is the rest.
      const { rewards, ...dream } = JSON.parse(answer.text) as Record<string, unknown> & {
        id: string;
        version: number;
        rewards: { credits: number };
      };
      if (answer.status === 200) expect(rewards.credits).toBe(0);
      if (answer.status === 201) {
        const trimmedOrNull = (value: unknown) =>
          typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
        expect(dream).toMatchObject({
          content: (sent.content as string).trim(),
          notes: trimmedOrNull(sent.notes),
          isTitleDerived: trimmedOrNull(sent.title) === null,
          mood: sent.mood ?? null,
          vividness: sent.vividness ?? null,
          sleepQuality: sent.sleepQuality ?? null,
          lucidity: sent.lucidity ?? 0,
          emotions: sent.emotions ?? [],
          isNightmare: sent.isNightmare ?? false,
          isRecurring: sent.isRecurring ?? false,
          version: 1,
        });
        if (trimmedOrNull(sent.title) !== null) expect(dream.title).toBe(trimmedOrNull(sent.title));
        if (typeof sent.dreamtOn === 'string') expect(dream.dreamtOn).toBe(sent.dreamtOn);
        world.dreams.set(dream.id, { isLive: true, version: 1 });
        const key = call.input.headers['idempotency-key'];
        if (typeof key === 'string') world.dreamKeys.set(key, dream.id);
      }
      // Readable afterwards, exactly as answered.
      const read = await send({
        method: 'GET',
        url: `${API}/dreams/${dream.id}`,
        headers: bearer(world.main.accessToken),
      });
      expect(read.status).toBe(200);
      expect(JSON.parse(read.text)).toEqual(dream);
    },
  },

  // Phase 2: reading and changing the journal.
  'GET /dreams': {
    phase: 2,
    query: () => ({
      from: pastDay(),
      to: pastDay(),
      cursor: cursorOf('GET /dreams', fc.tuple(pastDay(), anyInstant(), fc.uuid())),
    }),
    queryRules: () => [
      {
        path: [],
        what: 'from after to',
        value: fc
          .tuple(pastDay(), pastDay())
          .filter(([a, b]) => a !== b)
          .map(([a, b]) => (a > b ? { from: a, to: b } : { from: b, to: a })),
      },
      { path: ['cursor'], what: 'a cursor the server never wrote', value: garbageCursor() },
    ],
    // A range the wrong way round is refused (a rule): valid requests have theirs in order.
    adjust: (input) => {
      const { from, to } = input.query;
      if (typeof from === 'string' && typeof to === 'string' && from > to) {
        return { ...input, query: { ...input.query, from: to, to: from } };
      }
      return input;
    },
    expect: () => ok(),
  },
  'GET /dreams/{id}': { phase: 2, expect: (call) => (isLive(call) ? ok() : notFound) },
  'PATCH /dreams/{id}': {
    phase: 2,
    // The version the client read (the dream's current one, filled in when sent) or a stale one.
    body: () => ({
      ...dreamFieldRefinements(),
      version: fc.oneof({ weight: 3, arbitrary: fc.constant(CURRENT_VERSION) }, fc.integer({ min: 1, max: 4 })),
    }),
    bodyRules: dreamRules,
    resolve: (call) => {
      const body = call.input.body as Record<string, unknown> | null;
      if (typeof body !== 'object' || body === null || body.version !== CURRENT_VERSION) return call;
      const version = (call.target && world.dreams.get(call.target.id)?.version) ?? 1;
      return { ...call, input: { ...call.input, body: { ...body, version } } };
    },
    // A `version` other than the dream's current one is a stale edit (409), by design.
    expect: (call) => {
      if (!isLive(call) || !call.target) return notFound;
      const { version } = bodyOf(call);
      const current = world.dreams.get(call.target.id)?.version;
      return version !== undefined && version !== current ? [{ status: 409, code: 'version_conflict' }] : ok();
    },
    check: (call, answer) => {
      if (answer.status !== 200 || !call.target) return;
      const dream = JSON.parse(answer.text) as { version: number; content: string };
      const sent = bodyOf(call);
      if (typeof sent.content === 'string') expect(dream.content).toBe(sent.content.trim());
      world.dreams.set(call.target.id, { isLive: true, version: dream.version });
    },
  },
  'GET /tags': { phase: 2, expect: () => ok() },
  'GET /me/overview': { phase: 2, expect: () => ok() },

  // Phase 3: analyses (the main user is on the unlimited plan: no 402 here; quota is tested in credits.test).
  'POST /dreams/{id}/analyses': {
    phase: 3,
    runs: { valid: 40, invalid: 40 },
    // Mostly a key of its own; sometimes one of a few shared keys, so that retries happen (a replay on the same
    // dream, a conflict on another).
    headers: () => ({
      'idempotency-key': fc.oneof(
        { weight: 3, arbitrary: fc.uuid().map((id) => `fuzz-${id}`) },
        { weight: 1, arbitrary: fc.constantFrom(...ANALYSIS_KEYS) },
      ),
    }),
    canStream: true,
    expect: (call) => {
      if (!isLive(call) || !call.target) return notFound;
      const key = call.input.headers['idempotency-key'];
      const analysed = typeof key === 'string' ? world.analysisKeys.get(key) : undefined;
      if (analysed !== undefined) {
        return analysed === call.target.id ? ok(200) : [{ status: 409, code: 'idempotency_key_reused' }];
      }
      if (!world.isAiConsentGiven) return [{ status: 403, code: 'consent_required' }];
      return ok(call.input.isStreamWanted ? 200 : 201);
    },
    check: (call, answer) => {
      if (answer.status >= 300 || !call.target) return;
      if (call.input.isStreamWanted) {
        const events = answer.text
          .split('\n\n')
          .filter((frame) => frame.trim() && !frame.startsWith(':'))
          .map((frame) => {
            const lines = Object.fromEntries(
              frame
                .split('\n')
                .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]),
            );
            return analysisStreamEventSchema.parse({ event: lines.event, data: JSON.parse(lines.data ?? 'null') });
          });
        expect(events.at(0)?.event).toBe('start');
        expect(events.at(-1)?.event, answer.text).toBe('done');
      }
      const key = call.input.headers['idempotency-key'];
      if (typeof key === 'string') world.analysisKeys.set(key, call.target.id);
    },
  },
  'GET /dreams/{id}/analyses': { phase: 3, expect: (call) => (isLive(call) ? ok() : notFound) },
  // The main user is on Oracle: similar dreams are answered for every live dream of theirs.
  'GET /dreams/{id}/similar': { phase: 3, expect: (call) => (isLive(call) ? ok() : notFound) },
  'GET /analyses': {
    phase: 3,
    query: () => ({ cursor: cursorOf('GET /analyses', fc.tuple(anyInstant(), fc.uuid())) }),
    queryRules: () => [{ path: ['cursor'], what: 'a cursor the server never wrote', value: garbageCursor() }],
    expect: () => ok(),
  },
  'GET /analyses/stats': { phase: 3, expect: () => ok() },
  // The monthly report (docs/decisions/032), on Oracle with the builtin provider. A month is past (from 1900), this
  // month as no zone sees in the future, or at least two months ahead; the journal's months are mostly empty (422),
  // and fair use allows ten generations a day (429). The POST streams for half the valid requests.
  'GET /reports/months': { phase: 3, runs: { valid: 5 }, expect: () => ok() },
  'GET /reports/monthly': {
    phase: 3,
    query: () => ({ month: reportMonth() }),
    expect: () => [{ status: 200 }, { status: 404, code: 'report_not_found' }],
  },
  'POST /reports/monthly': {
    phase: 3,
    runs: { valid: 20 },
    body: () => ({ month: reportMonth() }),
    canStream: true,
    expect: (call) => {
      if (String(bodyOf(call).month) > isoDay(latestPastDate()).slice(0, 7))
        return [{ status: 400, code: 'report_month_in_future' }];
      const refusals: Outcome[] = [
        { status: 422, code: 'report_month_empty' },
        { status: 429, code: 'report_limit_reached' },
      ];
      if (!world.isAiConsentGiven) return [{ status: 403, code: 'consent_required' }, ...refusals];
      return [...ok(call.input.isStreamWanted ? 200 : 201), ...refusals];
    },
    check: (call, answer) => {
      if (answer.status !== 200 || !call.input.isStreamWanted) return;
      const events = answer.text
        .split('\n\n')
        .filter((frame) => frame.trim() && !frame.startsWith(':'))
        .map((frame) => {
          const lines = Object.fromEntries(
            frame
              .split('\n')
              .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]),
          );
          return monthlyReportStreamEventSchema.parse({ event: lines.event, data: JSON.parse(lines.data ?? 'null') });
        });
      expect(events.at(0)?.event).toBe('start');
      expect(events.at(-1)?.event, answer.text).toBe('done');
    },
  },

  // Phase 4: deleting and restoring dreams.
  'DELETE /dreams/{id}': {
    phase: 4,
    runs: { valid: 30 },
    expect: (call) => (isLive(call) ? ok() : notFound),
    check: (call, answer) => {
      if (answer.status === 200 && call.target) {
        const dream = world.dreams.get(call.target.id);
        if (dream) dream.isLive = false;
      }
    },
  },
  // Restoring a live dream answers it as it is (idempotent); a deleted one comes back within its undo window.
  'POST /dreams/{id}/restore': {
    phase: 4,
    runs: { valid: 30 },
    expect: (call) => (call.target?.kind === 'live' || call.target?.kind === 'deleted' ? ok() : notFound),
    check: (call, answer) => {
      if (answer.status === 200 && call.target) {
        const dream = world.dreams.get(call.target.id);
        if (dream) dream.isLive = true;
      }
    },
  },

  // Phase 5: the account's settings, consents, credits, sessions; public routes.
  'GET /health': { phase: 5, runs: { valid: 10 }, expect: () => ok() },
  'GET /privacy-info': { phase: 5, runs: { valid: 10 }, expect: () => ok() },
  'GET /me': { phase: 5, runs: { valid: 10 }, expect: () => ok() },
  'GET /me/profile': { phase: 5, runs: { valid: 10 }, expect: () => ok() },
  'PATCH /me/profile': {
    phase: 5,
    body: () => ({ timeZone: knownTimeZone() }),
    bodyRules: () => [{ path: ['timeZone'], what: 'a time zone nobody knows', value: unknownTimeZone() }],
    expect: () => ok(),
  },
  'GET /me/consents': { phase: 5, runs: { valid: 10 }, expect: () => ok() },
  'POST /me/consents': {
    phase: 5,
    expect: () => ok(),
    check: (call) => {
      const { purposes, isGranted } = bodyOf(call) as { purposes: string[]; isGranted: boolean };
      if (purposes.includes('ai_analysis')) world.isAiConsentGiven = isGranted;
    },
  },
  'GET /credits': { phase: 5, runs: { valid: 10 }, expect: () => ok() },
  'GET /credits/ledger': {
    phase: 5,
    query: () => ({ cursor: cursorOf('GET /credits/ledger', fc.tuple(anyInstant(), fc.uuid())) }),
    queryRules: () => [{ path: ['cursor'], what: 'a cursor the server never wrote', value: garbageCursor() }],
    expect: () => ok(),
  },
  'GET /me/sessions': { phase: 5, runs: { valid: 10 }, expect: () => ok() },
  'GET /rewards': { phase: 5, runs: { valid: 10 }, expect: () => ok() },
  // The main user is on Oracle: every period's charts are answered.
  'GET /patterns/charts': { phase: 5, runs: { valid: 10 }, expect: () => ok() },
  // Dream signs (docs/decisions/031), on Oracle: a pin is new (201), already there or one too many (409); no pin
  // has a dream's id, so every unpin here is a 404. An emotion's key is one of the emotions, the recurring flag's its own.
  'GET /patterns/signs': { phase: 5, runs: { valid: 10 }, expect: () => ok() },
  'POST /patterns/signs/pins': {
    phase: 5,
    runs: { valid: 30 },
    body: () => ({ key: storableText(1, 200), label: storableText(1, 200) }),
    adjust: (input) => {
      const body = input.body as Record<string, unknown>;
      if (body.kind === 'emotion') return { ...input, body: { ...body, key: 'medo' } };
      if (body.kind === 'recurring') return { ...input, body: { ...body, key: 'recurring' } };
      return input;
    },
    expect: () => [
      { status: 201 },
      { status: 409, code: 'sign_already_pinned' },
      { status: 409, code: 'too_many_pins' },
    ],
  },
  'DELETE /patterns/signs/pins/{id}': { phase: 5, expect: () => notFound },
  // The main user is on Oracle: the first claim of the (real) day is granted, the others refused by design.
  'POST /rewards/daily-bonus': {
    phase: 5,
    isBodyOptional: true,
    runs: { valid: 10 },
    expect: () => (world.isDailyBonusClaimed ? [{ status: 409, code: 'daily_bonus_claimed' }] : ok(201)),
    check: (_call, answer) => {
      if (answer.status === 201) world.isDailyBonusClaimed = true;
    },
  },
  // Today's night is marked (201, then 200), unless a dream of last night was recorded today (409, by design:
  // which dreams count depends on the zone and the generated dates, so either may happen).
  'POST /rewards/no-recall': {
    phase: 5,
    isBodyOptional: true,
    runs: { valid: 10 },
    expect: () => [{ status: 201 }, { status: 200 }, { status: 409, code: 'day_already_recorded' }],
  },
  'DELETE /rewards/no-recall': { phase: 5, runs: { valid: 10 }, expect: () => ok() },
  // Writing to support: a dream named must be a live one of the main user's (another's or an unknown id answers
  // 404), and ten messages a day at most (then 429, by design: the runs go past it).
  'POST /support/messages': {
    phase: 5,
    runs: { valid: 15 },
    body: () => {
      const live = [...world.dreams].filter(([, dream]) => dream.isLive).map(([id]) => id);
      return {
        subject: storableText(1, SUPPORT_LIMITS.subjectMax),
        message: storableText(1, SUPPORT_LIMITS.messageMax),
        dreamId: fc.oneof(
          fc.constant(null),
          fc.constant(world.othersDreamId),
          fc.uuid({ version: 4 }),
          ...(live.length > 0 ? [fc.constantFrom(...live)] : []),
        ),
      };
    },
    expect: (call) => {
      const { dreamId } = bodyOf(call);
      if (typeof dreamId === 'string' && !world.dreams.get(dreamId)?.isLive) return notFound;
      return world.supportMessagesSent >= SUPPORT_LIMITS.perDay
        ? [{ status: 429, code: 'support_rate_limited' }]
        : ok(201);
    },
    check: (_call, answer) => {
      if (answer.status === 201) world.supportMessagesSent += 1;
    },
  },
  'GET /support/messages': { phase: 5, runs: { valid: 10 }, expect: () => ok() },
  // The chat about dreams (docs/decisions/035): a conversation about a dream needs a live one of the main user's
  // (404 otherwise); path ids here are dreams' ids, never a conversation's, so every request on one is a 404.
  'GET /chat/threads': { phase: 5, runs: { valid: 10 }, expect: () => ok() },
  'POST /chat/threads': {
    phase: 5,
    runs: { valid: 15 },
    expect: (call) => {
      const { kind, dreamId } = bodyOf(call);
      return kind === 'dream' && !(typeof dreamId === 'string' && world.dreams.get(dreamId)?.isLive)
        ? notFound
        : ok(201);
    },
  },
  'DELETE /chat/threads': { phase: 5, runs: { valid: 5 }, expect: () => ok() },
  'GET /chat/threads/{id}': { phase: 5, expect: () => [{ status: 404, code: 'chat_thread_not_found' }] },
  'PATCH /chat/threads/{id}': { phase: 5, expect: () => [{ status: 404, code: 'chat_thread_not_found' }] },
  'DELETE /chat/threads/{id}': { phase: 5, expect: () => [{ status: 404, code: 'chat_thread_not_found' }] },
  'POST /chat/threads/{id}/messages': { phase: 5, expect: () => [{ status: 404, code: 'chat_thread_not_found' }] },
  'GET /chat/usage': { phase: 5, runs: { valid: 5 }, expect: () => ok() },
  // Reminders (docs/decisions/037, 066): a subscription is to an https push service (here FCM, known by name: no DNS
  // look-up; ten devices at most, then 400); no endpoint generated here was subscribed, so every removal is a 404; the
  // window's start comes before its end.
  'GET /push/public-key': { phase: 5, runs: { valid: 5 }, expect: () => ok() },
  'POST /push/subscriptions': {
    phase: 5,
    runs: { valid: 15 },
    body: () => ({ endpoint: fc.webSegment().map((segment) => `https://fcm.googleapis.com/fcm/send/${segment}`) }),
    expect: () => [{ status: 204 }, { status: 400, code: 'validation_failed' }],
  },
  'DELETE /push/subscriptions': {
    phase: 5,
    body: () => ({ endpoint: fc.webSegment().map((segment) => `https://push.example.net/gone/${segment}`) }),
    expect: () => notFound,
  },
  'GET /reminders': { phase: 5, runs: { valid: 10 }, expect: () => ok() },
  'PUT /reminders': {
    phase: 5,
    adjust: (input) => {
      const body = input.body as { realityChecks: { from: string; to: string } };
      const [from, to] = [body.realityChecks.from, body.realityChecks.to].sort();
      const window = from === to ? { from: '00:00', to: '23:59' } : { from, to };
      return { ...input, body: { ...body, realityChecks: { ...body.realityChecks, ...window } } };
    },
    bodyRules: () => [
      { path: ['realityChecks', 'to'], what: 'a window ending before it starts', value: fc.constant('00:00') },
    ],
    expect: () => ok(),
  },
  'POST /reminders/test': {
    phase: 5,
    isBodyOptional: true,
    runs: { valid: 5 },
    expect: () => ok(),
  },
  // Dictation is not configured here (no AI_TRANSCRIPTION_MODEL): refused before any body is read.
  'GET /dictation': { phase: 5, runs: { valid: 5 }, expect: () => ok() },
  'POST /dictation': {
    phase: 5,
    isBodyOptional: true,
    runs: { valid: 5 },
    expect: () => [{ status: 404, code: 'dictation_not_configured' }],
  },
  // Billing is off here (no STRIPE_SECRET_KEY): the plan page reads, buying and the portal are refused by design, and
  // no webhook can be verified (docs/decisions/027). The stand-in runs them for real in modules/billing.
  'GET /billing': { phase: 5, runs: { valid: 10 }, expect: () => ok() },
  'POST /billing/checkout': { phase: 5, expect: () => [{ status: 409, code: 'billing_disabled' }] },
  'POST /billing/portal': {
    phase: 5,
    isBodyOptional: true,
    runs: { valid: 10 },
    expect: () => [{ status: 409, code: 'billing_disabled' }],
  },
  'POST /billing/webhook': {
    phase: 5,
    runs: { valid: 10 },
    headers: () => ({
      'stripe-signature': fc.string({
        unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)),
        minLength: 10,
        maxLength: 200,
      }),
    }),
    expect: () => [{ status: 400, code: 'webhook_signature_invalid' }],
  },

  // Phase 6: the whole journal out (it holds every generated dream by now) and files back in.
  'GET /me/export': {
    phase: 6,
    runs: { valid: 12, invalid: 30 },
    expect: () => ok(),
    check: (call, answer) => {
      if (call.input.query.format === 'html') {
        expect(answer.contentType).toMatch(/^text\/html/);
        expect(answer.text.trimEnd()).toMatch(/<\/html>$/);
      } else {
        const parsed = exportFileSchema.safeParse(JSON.parse(answer.text));
        expect(parsed.success, parsed.error?.message).toBe(true);
      }
    },
  },
  'POST /me/import': {
    phase: 6,
    runs: { valid: 25, invalid: 40 },
    body: exportDreamRefinements,
    bodyRules: () => [
      importDreamRule('an exported dream dated in the future', { 'dreams[].dreamtOn': futureDay() }),
      importDreamRule('an exported dream with a mood of 9', { 'dreams[].mood': fc.constant(9) }),
      importDreamRule('an exported dream recorded before 1900 (year 0 among them)', {
        'dreams[].recordedAt': fc.constantFrom('0000-01-01T00:00:00.000Z', '1899-12-31T23:59:59.999Z'),
      }),
      importDreamRule('an exported dream with blank content', { 'dreams[].content': blankText(20) }),
      { path: ['profile', 'timeZone'], what: 'an unknown time zone in the profile', value: unknownTimeZone() },
    ],
    refusalCodes: ['invalid_export', 'unsupported_export_version', 'validation_failed'],
    expect: () => ok(),
    check: (call, answer) => {
      const { imported, skipped } = JSON.parse(answer.text) as { imported: number; skipped: number };
      expect(imported + skipped).toBe((bodyOf(call).dreams as unknown[]).length);
    },
  },

  // Phase 7: erasing every analysis (the stored ones no longer replay by their key).
  'DELETE /analyses': {
    phase: 7,
    runs: { valid: 5 },
    expect: () => ok(),
    check: () => {
      world.analysisKeys.clear();
    },
  },

  // Phase 8: the operator route, with the service-role key, on the other user (the main one stays unlimited).
  'PUT /admin/users/{id}/plan': {
    phase: 8,
    caller: 'operator',
    ids: 'users',
    expect: (call) => (call.target?.kind === 'user' ? ok() : notFound),
  },

  // Phase 9: account deletion, on an account of its own. A valid request without the password, or with a wrong
  // one, is refused by design; with the right one it deletes the account, whose token then no longer works.
  'POST /me/delete': {
    phase: 9,
    caller: 'leaver',
    runs: { valid: 20, invalid: 40 },
    body: () => ({
      password: fc.oneof(
        { weight: 1, arbitrary: fc.constant(PASSWORD) },
        { weight: 2, arbitrary: storableText(0, 200).filter((password) => password !== PASSWORD) },
      ),
    }),
    expect: (call) => {
      const { password } = bodyOf(call);
      if (password === undefined || password === '') return [{ status: 400, code: 'password_required' }];
      return password === PASSWORD ? ok(204) : [{ status: 400, code: 'invalid_credentials' }];
    },
    check: async (call, answer) => {
      if (answer.status !== 204) return;
      const after = await send({ method: 'GET', url: `${API}/me`, headers: bearer(call.token) });
      assertOutcome({ method: 'GET', url: `${API}/me`, headers: {} }, after, [
        { status: 403, code: 'session_not_found' },
      ]);
      world.leaver = await signUpUser(t);
    },
  },
};

/** A few idempotency keys, shared across runs so that retries (replays, and reuse on another dream) happen. */
const ANALYSIS_KEYS = Array.from({ length: 3 }, (_, i) => `fuzz-analysis-key-${i}-${randomUUID()}`);

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const DEFAULT_PLAN: Plan = { phase: 5, expect: () => ok() };
const planOf = (op: Operation) => PLANS[op.key] ?? DEFAULT_PLAN;

function tokenOf(plan: Plan): string {
  if (plan.caller === 'operator') return world.serviceRoleKey;
  if (plan.caller === 'leaver') return world.leaver.accessToken;
  return world.main.accessToken;
}

// --- generating requests ---------------------------------------------------------------------------------------

const JSON_TYPES = ['application/json', 'application/json; charset=utf-8', 'application/json;charset=UTF-8'];

function idChoices(plan: Plan): fc.Arbitrary<IdChoice> {
  if (plan.ids === 'users') {
    return fc.oneof(
      fc.constant<IdChoice>({ kind: 'user', id: world.other.id }),
      fc.uuid().map((id): IdChoice => ({ kind: 'random', id })),
    );
  }
  return fc.oneof(
    { weight: 6, arbitrary: fc.nat().map((pick): IdChoice => ({ kind: 'live', pick })) },
    { weight: 2, arbitrary: fc.nat().map((pick): IdChoice => ({ kind: 'deleted', pick })) },
    { weight: 1, arbitrary: fc.constant<IdChoice>({ kind: 'others', id: world.othersDreamId }) },
    { weight: 1, arbitrary: fc.uuid({ version: [1, 4, 7] }).map((id): IdChoice => ({ kind: 'random', id })) },
  );
}

/** Parameters as the document lists them, each present or not (required ones always), as strings on the wire. */
function parametersOf(parameters: Parameter[], refinements: Refinements): fc.Arbitrary<Record<string, unknown>> {
  const model = Object.fromEntries(parameters.map((p) => [p.name, validValue(p.schema, refinements, p.name)]));
  return fc.record(model, {
    requiredKeys: parameters.filter((p) => p.isRequired).map((p) => p.name),
    noNullPrototype: true,
  });
}

function validInputs(op: Operation, plan: Plan): fc.Arbitrary<Input> {
  const bodyRefinements = plan.body?.() ?? {};
  const body = op.body ? validValue(op.body, bodyRefinements) : fc.constant(NO_BODY);
  const input = fc.record({
    id: op.pathParams.length > 0 ? idChoices(plan) : fc.constant(undefined),
    query: fc
      .tuple(
        parametersOf(op.query, plan.query?.() ?? {}),
        // A parameter the document does not name is ignored, not refused.
        fc.option(fc.tuple(fc.constantFrom('utm_source', 'x', '_'), storableText(0, 20)), { nil: undefined, freq: 5 }),
      )
      .map(([query, extra]) => (extra ? { [extra[0]]: extra[1], ...query } : query)),
    headers: parametersOf(op.headers, plan.headers?.() ?? {}),
    body,
    contentType: fc.constantFrom(...JSON_TYPES),
    isStreamWanted: plan.canStream ? fc.boolean() : fc.constant(false),
  });
  return input.map((generated) => {
    const { id, ...rest } = generated;
    const value: Input = { ...rest, ...(id ? { id } : {}) };
    return plan.adjust ? plan.adjust(value) : value;
  });
}

// --- generating broken requests --------------------------------------------------------------------------------

/** Bytes to send as a body, and under which Content-Type. */
interface RawBody {
  bytes: string | Uint8Array;
  contentType?: string;
}

/**
 * A request broken in one place, and what it must get: refused with one of `codes` (at a status of `statuses`), or,
 * when `mayPassAsValid` (bytes whose meaning is the server's to choose, such as invalid UTF-8 it may read as U+FFFD
 * in a key it then ignores), that or exactly what the valid request it was made from gets.
 */
interface BrokenRequest {
  what: string;
  input: Input;
  segment?: string;
  rawQuery?: string;
  raw?: RawBody;
  mayPassAsValid: boolean;
  /** A rule the service checks, after the request's other checks, rather than its schema. */
  isCheckedByService?: boolean;
  statuses: number[];
  codes: ApiErrorCode[];
}

const REFUSED_BODY_STATUSES = [400, 413, 415];
const BODY_CODES: ApiErrorCode[] = [
  'validation_failed',
  'bad_json',
  'bad_request',
  'invalid_text',
  'payload_too_large',
  'unsupported_media_type',
];

function codesFor(breakage: Breakage, plan: Plan): ApiErrorCode[] {
  return breakage === 'text' ? ['invalid_text'] : (plan.refusalCodes ?? ['validation_failed']);
}

const deeplyNested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** A whole body that is not a JSON document the route reads, made from the JSON text of a valid one. */
interface RawKind {
  what: string;
  make: (validJson: string) => RawBody;
  mayPassAsValid: boolean;
}

const JSON_TYPE = 'application/json';
const refusedRaw = (what: string, make: (validJson: string) => RawBody): RawKind => ({
  what,
  make,
  mayPassAsValid: false,
});
const OVERSIZED = `{"content":"${'a'.repeat(2 * 1024 * 1024)}"}`;

const rawBodies: fc.Arbitrary<RawKind> = fc.oneof(
  fc
    .constantFrom(
      '{',
      '{"content":',
      'nope',
      "{'content':'x'}",
      '[1,]',
      '{"a":1}{"b":2}',
      'NaN',
      '{"a":1,}',
      '\u0000',
      ' ',
    )
    .map((bytes) => refusedRaw(`not JSON: ${JSON.stringify(bytes)}`, () => ({ bytes, contentType: JSON_TYPE }))),
  fc.constant(refusedRaw('an empty JSON body', () => ({ bytes: '', contentType: JSON_TYPE }))),
  fc
    .constantFrom('{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{"isAdmin":true}}}')
    .map((bytes) => refusedRaw('prototype poisoning', () => ({ bytes, contentType: JSON_TYPE }))),
  fc
    .constantFrom(10_000, 300_000)
    .map((depth) =>
      refusedRaw(`arrays nested ${depth} deep`, () => ({ bytes: deeplyNested(depth), contentType: JSON_TYPE })),
    ),
  fc
    .constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/xml',
      'multipart/form-data; boundary=x',
    )
    .map((contentType) => refusedRaw(`sent as ${contentType}`, (bytes) => ({ bytes, contentType }))),
  fc.constant(refusedRaw('no Content-Type', (bytes) => ({ bytes }))),
  // Over the 2 MB body limit (the import's limit is higher: there it is a file that is not an export).
  fc.constant(refusedRaw('a body over 2 MB', () => ({ bytes: OVERSIZED, contentType: JSON_TYPE }))),
  // Invalid UTF-8 in a key added to a valid body: the parser's choice (U+FFFD, so a key the schema ignores or
  // refuses, or a refusal), never a crash.
  fc.constant<RawKind>({
    what: 'invalid UTF-8 in a key',
    make: (json) => ({
      bytes:
        json.startsWith('{') && json !== '{}'
          ? Buffer.concat([
              Buffer.from(json.slice(0, -1)),
              Buffer.from([0x2c, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]),
            ])
          : json,
      contentType: JSON_TYPE,
    }),
    mayPassAsValid: true,
  }),
  fc.constant<RawKind>({
    what: 'a JSON body declared in another charset',
    make: (bytes) => ({ bytes, contentType: 'application/json; charset=iso-8859-1' }),
    mayPassAsValid: true,
  }),
);

/** A query value of a parameter that its schema (as the server reads query strings: Number() for integers) refuses. */
interface BrokenQueryValue {
  value: unknown;
  what: string;
  codes: ApiErrorCode[];
}

function brokenQueryValues(parameter: Parameter): fc.Arbitrary<BrokenQueryValue> {
  const { schema, name } = parameter;
  const withNul = fc
    .tuple(storableText(0, 10), storableText(0, 10))
    .map(([a, b]): BrokenQueryValue => ({ value: `${a}\u0000${b}`, what: `${name}: NUL`, codes: ['invalid_text'] }));
  const validation: ApiErrorCode[] = ['validation_failed'];
  const repeated = fc
    .tuple(validValue(schema), validValue(schema))
    .map(([a, b]) => ({ value: [String(a), String(b)], what: `${name} given twice`, codes: validation }));
  const options: fc.Arbitrary<BrokenQueryValue>[] = [withNul, repeated];
  if (schema.type === 'integer') {
    const min = schema.minimum ?? Number.MIN_SAFE_INTEGER;
    const max = schema.maximum ?? Number.MAX_SAFE_INTEGER;
    const isValid = (text: string) => Number.isInteger(Number(text)) && Number(text) >= min && Number(text) <= max;
    options.push(
      fc
        .constantFrom('abc', '1.5', '', String(min - 1), String(max + 1), '1e400', 'NaN', 'Infinity', '0x', '--1', '[]')
        .filter((text) => !isValid(text))
        .map((value) => ({ value, what: `${name}: not an integer in range`, codes: validation })),
    );
  } else {
    options.push(
      brokenLeaf(schema, name)
        .filter((broken) => broken.breakage === 'schema' && typeof broken.value === 'string')
        .map((broken) => ({ value: broken.value, what: broken.what, codes: validation })),
    );
  }
  return fc.oneof(...options);
}

/**
 * Path ids that are not ids: refused by validation (400), by the router when it cannot decode them (400) or when
 * they are longer than a parameter may be (414), or as an unknown route (404).
 */
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const garbageSegments: fc.Arbitrary<{ segment: string; what: string }> = fc.oneof(
  storableText(1, 60)
    .filter((text) => !UUID_PATTERN.test(text) && !/^\.{1,2}$/.test(text))
    .map((text) => ({ segment: encodeURIComponent(text), what: 'an id that is no uuid' })),
  fc
    .constantFrom(
      '%00',
      'a%00b',
      '%ED%A0%80',
      '%FF',
      '%',
      '%zz',
      '%E0%A4',
      'f'.repeat(200),
      '00000000-0000-0000-0000-00000000000g',
    )
    .map((segment) => ({ segment, what: 'a malformed id' })),
);

function brokenRequests(op: Operation, plan: Plan): fc.Arbitrary<BrokenRequest> {
  const valid = validInputs(op, plan);
  // Weighted: the body's fields are where most of the surface is.
  const kinds: fc.WeightedArbitrary<BrokenRequest>[] = [];
  const add = (weight: number, arbitrary: fc.Arbitrary<BrokenRequest>) => kinds.push({ weight, arbitrary });
  const refused = (codes: ApiErrorCode[], statuses = [400]) => ({ mayPassAsValid: false, statuses, codes });

  // Text that cannot be stored, in a query parameter nobody reads: still refused, wherever it is.
  add(
    1,
    fc.tuple(valid, storableText(0, 10)).map(([input, before]) => ({
      what: 'NUL in an unknown query parameter',
      input,
      rawQuery: `note=${percentEncode(before)}%00`,
      ...refused(['invalid_text']),
    })),
  );
  if (op.body) {
    const schema = op.body;
    const validBody = validValue(schema, plan.body?.() ?? {});
    add(
      6,
      fc.tuple(valid, brokenValue(schema, validBody, plan.bodyRules?.() ?? [])).map(([input, broken]) => ({
        what: broken.what,
        input: { ...input, body: broken.value },
        ...refused(codesFor(broken.breakage, plan)),
        isCheckedByService: broken.breakage === 'rule',
      })),
    );
    add(
      2,
      fc.tuple(valid, rawBodies).map(([input, raw]) => ({
        what: raw.what,
        input,
        raw: raw.make(JSON.stringify(input.body)),
        mayPassAsValid: raw.mayPassAsValid,
        statuses: REFUSED_BODY_STATUSES,
        codes: [...BODY_CODES, ...(plan.refusalCodes ?? [])],
      })),
    );
    if (!plan.isBodyOptional)
      add(
        1,
        valid.map((input) => ({
          what: 'no body',
          input: { ...input, body: NO_BODY },
          ...refused(codesFor('schema', plan)),
        })),
      );
  }
  for (const parameter of op.query) {
    add(
      2,
      fc.tuple(valid, brokenQueryValues(parameter)).map(([input, broken]) => ({
        what: broken.what,
        input: { ...input, query: { ...input.query, [parameter.name]: broken.value } },
        ...refused(broken.codes),
      })),
    );
  }
  const queryRules = plan.queryRules?.() ?? [];
  if (queryRules.length > 0) {
    add(
      2,
      fc.tuple(valid, fc.constantFrom(...queryRules)).chain(([input, rule]) =>
        rule.value.map((value) => {
          const [name] = rule.path;
          const query =
            name === undefined ? { ...input.query, ...(value as object) } : { ...input.query, [name]: value };
          return { what: rule.what, input: { ...input, query }, ...refused(['validation_failed']) };
        }),
      ),
    );
  }
  for (const header of op.headers) {
    const visible = fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c));
    const tooShort = fc.string({
      unit: visible,
      minLength: 1,
      maxLength: Math.max(1, (header.schema.minLength ?? 1) - 1),
    });
    const tooLong = fc.string({
      unit: visible,
      minLength: (header.schema.maxLength ?? 100) + 1,
      maxLength: (header.schema.maxLength ?? 100) + 40,
    });
    add(
      1,
      fc.tuple(valid, fc.oneof(tooShort, tooLong)).map(([input, value]) => ({
        what: `${header.name}: out of its length bounds`,
        input: { ...input, headers: { ...input.headers, [header.name]: value } },
        ...refused(['validation_failed']),
      })),
    );
  }
  if (op.pathParams.length > 0) {
    add(
      3,
      fc.tuple(valid, garbageSegments).map(([input, garbage]) => ({
        what: garbage.what,
        input,
        segment: garbage.segment,
        ...refused(['validation_failed', 'invalid_text', 'bad_request', 'not_found'], [400, 404, 414]),
      })),
    );
  }
  return fc.oneof(...kinds);
}

/** An operation that reads nothing from the request: the only way to break one is the unknown NUL parameter. */
const hasInputs = (op: Operation) =>
  op.body !== undefined || op.query.length + op.headers.length + op.pathParams.length > 0;

// --- running ---------------------------------------------------------------------------------------------------

function callOf(op: Operation, plan: Plan, input: Input): Call {
  const call = { op, input, token: tokenOf(plan), ...(input.id ? { target: resolveId(input.id) } : {}) };
  return plan.resolve ? plan.resolve(call) : call;
}

const runsOf = (op: Operation, plan: Plan, kind: 'valid' | 'invalid') =>
  RUNS_OVERRIDE ?? plan.runs?.[kind] ?? (kind === 'invalid' && !hasInputs(op) ? 10 : DEFAULT_RUNS[kind]);

async function assertServerUp(): Promise<void> {
  const health = await send({ method: 'GET', url: `${API}/health`, headers: {} });
  expect(health.status).toBe(200);
}

beforeAll(async () => {
  const keys = getApiKeys(t.app.deps.secrets);
  const main = await signUpUser(t, { isConsenting: true });
  const other = await signUpUser(t);
  const othersDream = await postDream(t, other, { content: 'O sonho de outra pessoa' });
  world = {
    main,
    leaver: await signUpUser(t),
    other,
    othersDreamId: othersDream.id,
    serviceRoleKey: keys.serviceRoleKey,
    dreams: new Map(),
    dreamKeys: new Map(),
    analysisKeys: new Map(),
    isAiConsentGiven: true,
    isDailyBonusClaimed: false,
    supportMessagesSent: 0,
    cursors: new Map(),
    databaseTimeZones: new Set(
      (await queryRows<{ name: string }>(t.database.db, sql`select name from pg_timezone_names`)).map(
        (row) => row.name,
      ),
    ),
  };
  // Unlimited analyses for the main user: the analysis properties then test analysing, not running out of quota.
  const plan = await send({
    method: 'PUT',
    url: `${API}/admin/users/${main.id}/plan`,
    headers: { ...bearer(keys.serviceRoleKey), 'content-type': 'application/json' },
    body: JSON.stringify({ plan: 'oracle' }),
  });
  expect(plan.status).toBe(200);
});

describe('the API under contract-driven fuzzing', () => {
  it('has a fuzz plan for every operation of its OpenAPI document, and no plan for one it lacks', () => {
    const keys = operations.map((op) => op.key);
    expect(keys.length).toBeGreaterThan(20);
    expect(keys.filter((key) => !(key in PLANS))).toEqual([]);
    expect(Object.keys(PLANS).filter((key) => !keys.includes(key))).toEqual([]);
    // What the generators know how to send: JSON bodies, and `{id}` as the only path parameter.
    const bodies = Object.values(openApi.paths).flatMap((methods) =>
      Object.values(methods).flatMap((spec) => Object.keys(spec.requestBody?.content ?? {})),
    );
    expect(bodies.filter((type) => type !== 'application/json')).toEqual([]);
    expect(operations.flatMap((op) => op.pathParams.map((p) => p.name)).filter((name) => name !== 'id')).toEqual([]);
  });

  const ordered = [...operations].sort((a, b) => planOf(a).phase - planOf(b).phase);
  for (const op of ordered) {
    const plan = planOf(op);
    describe(op.key, () => {
      it(
        'answers requests that satisfy the document as the journal predicts',
        async () => {
          if (op.query.some((parameter) => parameter.name === 'cursor')) await collectCursors(op);
          await fc.assert(
            fc.asyncProperty(validInputs(op, plan), async (input) => {
              const call = callOf(op, plan, input);
              const allowed = plan.expect(call);
              const request = toWire(call);
              const answer = await send(request);
              assertOutcome(request, answer, allowed);
              try {
                await plan.check?.(call, answer);
              } catch (error) {
                throw new Error(`${describeExchange(request, answer)}\n${String(error)}`, { cause: error });
              }
            }),
            { numRuns: runsOf(op, plan, 'valid') },
          );
          await assertServerUp();
        },
        TEST_TIMEOUT_MS,
      );

      it(
        'refuses requests broken in one place with a 4xx error body, never a 5xx',
        async () => {
          await fc.assert(
            fc.asyncProperty(brokenRequests(op, plan), async (broken) => {
              const call = callOf(op, plan, broken.input);
              const request = toWire(call, {
                ...(broken.segment === undefined ? {} : { segment: broken.segment }),
                ...(broken.rawQuery === undefined ? {} : { rawQuery: broken.rawQuery }),
                ...(broken.raw === undefined ? {} : { raw: broken.raw }),
              });
              const refusals = broken.statuses.flatMap((status) => broken.codes.map((code) => ({ status, code })));
              // A rule the service checks comes after the checks on the journal (the dream exists, its version).
              const asValid = broken.mayPassAsValid
                ? plan.expect(call)
                : broken.isCheckedByService
                  ? plan.expect(call).filter((outcome) => outcome.status >= 400)
                  : [];
              const answer = await send(request);
              try {
                assertOutcome(request, answer, [...refusals, ...asValid]);
                if (answer.status < 400 || asValid.some((outcome) => outcome.status === answer.status)) {
                  await plan.check?.(call, answer);
                }
              } catch (error) {
                throw new Error(`broken: ${broken.what}\n${String(error)}`, { cause: error });
              }
            }),
            { numRuns: runsOf(op, plan, 'invalid') },
          );
          await assertServerUp();
        },
        TEST_TIMEOUT_MS,
      );
    });
  }

  it('answers tokens that are not a live session with 401 or 403 on every protected operation', async () => {
    const protectedOps = operations.filter((op) => !op.isPublic);
    const [header, payload, signature] = world.main.accessToken.split('.') as [string, string, string];
    const forged = Buffer.from(
      JSON.stringify({ ...(JSON.parse(Buffer.from(payload, 'base64url').toString()) as object), role: 'service_role' }),
    ).toString('base64url');
    const credentials = fc.constantFrom<Record<string, string>>(
      {},
      { authorization: 'Bearer' },
      { authorization: 'Bearer ' },
      { authorization: 'Basic dXNlcjpwYXNz' },
      { authorization: 'Bearer not.a.jwt' },
      { authorization: `Bearer ${header}.${payload}.${signature.slice(0, -2)}AA` },
      { authorization: `Bearer ${header}.${forged}.${signature}` },
      { authorization: `Bearer ${getApiKeys(t.app.deps.secrets).anonKey}` },
      { authorization: `Bearer ${world.main.accessToken}x` },
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...protectedOps), credentials, fc.uuid(), async (op, headers, id) => {
        const request: WireRequest = { method: op.method, url: `${API}${op.path.replace('{id}', id)}`, headers };
        const answer = await send(request);
        assertOutcome(request, answer, [
          { status: 401, code: 'no_authorization' },
          { status: 403, code: 'bad_jwt' },
          { status: 403, code: 'session_not_found' },
          { status: 403, code: 'not_admin' },
        ]);
      }),
      { numRuns: RUNS_OVERRIDE ?? 80 },
    );
  });

  it('still answers afterwards, and the fuzzed journal exports and re-imports as nothing new', async () => {
    await assertServerUp();
    const me = await send({ method: 'GET', url: `${API}/me`, headers: bearer(world.main.accessToken) });
    expect(me.status).toBe(200);
    const exported = await send({ method: 'GET', url: `${API}/me/export`, headers: bearer(world.main.accessToken) });
    expect(exported.status).toBe(200);
    const file = exportFileSchema.parse(JSON.parse(exported.text));
    expect(file.dreams.length).toBeGreaterThan(0);
    const request: WireRequest = {
      method: 'POST',
      url: `${API}/me/import`,
      headers: { ...bearer(world.main.accessToken), 'content-type': 'application/json' },
      body: exported.text,
    };
    const reimport = await send(request);
    assertOutcome(request, reimport, ok());
    expect(JSON.parse(reimport.text)).toEqual({ imported: 0, skipped: file.dreams.length });
  });

  it('logged no server error while being fuzzed', () => {
    const errors = t.logs.lines.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);
    expect(errors.map(describeLoggedError)).toEqual([]);
  });
});
