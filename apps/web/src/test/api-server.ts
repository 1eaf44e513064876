import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type Analysis,
  analysisResultSchema,
  type AnalysisProviderId,
  type AnalysisResult,
  createAnalysisSchema,
  STREAMED_FIELDS,
} from '@sonhario/contracts/analyses';
import {
  CONSENT_PURPOSES,
  CONSENT_TEXT,
  CONSENT_VERSION,
  type ConsentState,
  type ConsentStatus,
  recordConsentSchema,
} from '@sonhario/contracts/consents';
import { CREDIT_RULES, type CreditsSummary, PLAN_QUOTAS } from '@sonhario/contracts/credits';
import {
  createDreamSchema,
  type Dream,
  type DreamListItem,
  listDreamsQuerySchema,
  updateDreamSchema,
} from '@sonhario/contracts/dreams';
import {
  deleteAccountSchema,
  type ExportFile,
  exportFileSchema,
  exportQuerySchema,
  type SessionInfo,
} from '@sonhario/contracts/account';
import { type PrivacyInfo } from '@sonhario/contracts/legal';
import { updateProfileSchema, type Profile } from '@sonhario/contracts/profile';
import type { z } from 'zod';

/**
 * A small HTTP server speaking the journal API of packages/contracts (dreams, tags, overview, profile, analyses
 * with their text/event-stream answer, credits, consents, the public privacy info, and the account's privacy calls:
 * sessions, export, import, delete) from memory, for component tests: the app's real client,
 * hooks and query cache talk to it over real HTTP. Requests are validated with the contract's own schemas, so a
 * body the real server would refuse is refused here too. Tests can hold a request in flight, drop a connection
 * (a lost answer), script an answer or a stream, or pause an analysis stream midway.
 * The real server is exercised end to end by e2e/journal.e2e.ts.
 */

export const TEST_ACCESS_TOKEN = 'access-token';
/** Endpoints the real server answers without a token. */
const PUBLIC_PATHS = new Set(['/privacy-info']);

export interface RecordedApiRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | undefined>;
  body: unknown;
}

/**
 * One step of a text/event-stream answer: an event (`data` is sent as JSON), a comment line (a heartbeat), raw
 * text as is (to cut a frame anywhere), a pause until a promise settles, or the connection dying ('drop').
 */
export type SseStep =
  { event: string; data: unknown } | { comment: string } | { raw: string } | { pause: Promise<unknown> } | 'drop';

/** A JSON `body`, or (with `stream`) a text/event-stream answer written step by step. */
export type ApiReply =
  | {
      status: number;
      body?: unknown;
      stream?: Iterable<SseStep> | AsyncIterable<SseStep>;
      /** Sent as is instead of `body` as JSON (a downloaded file), with `headers`. */
      text?: string;
      headers?: Record<string, string>;
    }
  | 'drop';
/** `next()` runs the default handler (to act and then lose the answer, for example). */
type Handler = (
  request: RecordedApiRequest,
  params: Record<string, string>,
  next: () => Promise<ApiReply>,
  /** `signal` aborts when the client goes away before the answer ends (a cancelled stream). */
  context: { signal: AbortSignal },
) => ApiReply | Promise<ApiReply>;
type Route = { method: string; pattern: string; handler: Handler; isOnce?: boolean };

interface StoredDream extends Dream {
  deletedAt: string | null;
  idempotencyKey: string | null;
}

/** An analysis as stored: `isDreamChanged` is worked out when it is read (its dream may be edited since). */
export type StoredAnalysis = Omit<Analysis, 'isDreamChanged'>;

/** What the default POST /dreams/:id/analyses streams, then stores and charges (or the `error` it ends with). */
export interface AnalysisRun {
  provider: AnalysisProviderId;
  model: string;
  isGenerative: boolean;
  result: AnalysisResult;
  /** Set: the stream ends with this `error` event after its deltas (nothing stored, nothing charged). */
  failure: { code: string; message: string } | null;
}

/** A realistic result (the builtin reading of a flying dream); parsed with the contract at load. */
export function makeAnalysisResult(overrides: Partial<AnalysisResult> = {}): AnalysisResult {
  return analysisResultSchema.parse({
    summary: 'Você voava sobre um mar calmo ao entardecer, até avistar uma casa antiga na praia.',
    themes: [
      { name: 'Liberdade', description: 'O voo sugere vontade de leveza e de autonomia.' },
      { name: 'Memória', description: 'A casa antiga traz o passado para a cena.' },
    ],
    symbols: [
      { symbol: 'Voar', meaning: 'Liberdade, perspectiva, superar limites.' },
      { symbol: 'Mar', meaning: 'O mundo emocional; aqui, sereno.' },
      { symbol: 'Casa antiga', meaning: 'Memórias e a própria história.' },
    ],
    emotions: [
      { emotion: 'paz', intensity: 0.8 },
      { emotion: 'alegria', intensity: 0.55 },
      { emotion: 'surpresa', intensity: 0.3 },
    ],
    characters: ['Você', 'Uma gaivota'],
    settings: ['Mar ao entardecer', 'Praia'],
    dreamType: 'vívido',
    interpretation:
      'Voar costuma falar de liberdade e da vontade de ver a vida de cima, com mais perspectiva.\n\nO mar calmo sugere emoções em paz neste momento. A casa antiga pode apontar para lembranças que pedem um olhar carinhoso.',
    reflectionQuestions: ['O que na sua vida hoje pede mais leveza?', 'Que lembrança a casa antiga desperta em você?'],
    luciditySignals: [],
    sentiment: 0.6,
    distress: false,
    ...overrides,
  });
}

const defaultAnalysisRun = (): AnalysisRun => ({
  provider: 'builtin',
  model: 'léxico 2026.11',
  isGenerative: false,
  result: makeAnalysisResult(),
  failure: null,
});

/** A text in `count` pieces cut after whitespace, as a provider streams it. */
function piecesOf(text: string, count: number): string[] {
  const words = text.split(/(?<=\s)/);
  const size = Math.max(1, Math.ceil(words.length / count));
  const pieces: string[] = [];
  for (let i = 0; i < words.length; i += size) pieces.push(words.slice(i, i + size).join(''));
  return pieces;
}

export interface ApiTestServer {
  url: string;
  requests: RecordedApiRequest[];
  /** The dreams in memory (deleted ones too, with `deletedAt`). */
  dreams: StoredDream[];
  profile: Profile;
  streaks: { current: number; longest: number };
  /** Analyses stored so far (of every dream). */
  analyses: StoredAnalysis[];
  /** The credit balance and the analyses counted against this month's plan quota (GET /credits derives the rest). */
  credits: { balance: number; used: number };
  /** The consent rows (GET /me/consents); every purpose `granted` by default, as for an e-mail sign-up. */
  consents: ConsentState[];
  /** What the next analyses stream and store (builtin provider, a flying dream); assign parts to change it. */
  analysisRun: AnalysisRun;
  /** Adds dreams as if recorded earlier; returns them as the API would. */
  seed(dreams: Partial<Dream>[]): Dream[];
  /** Adds analyses of a dream as if made earlier, given newest first (a day apart by default); returns them as the API would. */
  seedAnalyses(dreamId: string, analyses: Partial<StoredAnalysis>[]): Analysis[];
  /** Puts every consent purpose in one state (`unanswered`: a Google user who never saw the sign-up checkbox). */
  setConsents(status: ConsentStatus): void;
  /** The signed-in devices (GET /me/sessions): this one (Chrome on Linux) and a phone by default. */
  sessions: SessionInfo[];
  /** The password POST /me/delete checks; null for an account without one (Google). */
  accountPassword: string | null;
  /** Set by a successful POST /me/delete: every later call is refused with 401, as the session is gone. */
  readonly isAccountDeleted: boolean;
  /** The export file (GET /me/export?format=json) of what is in memory now. */
  exportFile(): ExportFile;
  /**
   * The next default analysis stream stops after its first summary piece (the start event and a heartbeat sent)
   * until the returned function is called.
   */
  pauseNextAnalysis(): () => void;
  /** Answers `METHOD /api/v1<pattern>` (":id" matches a segment) with the handler instead of the default. */
  on(method: string, pattern: string, handler: Handler): void;
  /** Like `on`, for the next matching request only. */
  once(method: string, pattern: string, handler: Handler): void;
  /**
   * Holds the next matching request; resolves (when it arrives) to a function that lets it go on: with a reply,
   * or with none to get the default answer.
   */
  hold(method: string, pattern: string): Promise<(reply?: ApiReply) => void>;
  /** The requests to a method and path (":id" patterns allowed). */
  requestsTo(method: string, pattern: string): RecordedApiRequest[];
  reset(): void;
  close(): Promise<void>;
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

function matchPath(pattern: string, path: string): Record<string, string> | null {
  const expected = pattern.split('/');
  const actual = path.split('/');
  if (expected.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < expected.length; i += 1) {
    const part = expected[i]!;
    if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(actual[i]!);
    else if (part !== actual[i]) return null;
  }
  return params;
}

const error = (
  status: number,
  code: string,
  message: string,
  details?: { path: string; message: string }[],
): ApiReply => ({
  status,
  body: { code, message, ...(details ? { details } : {}) },
});

function validationError(issues: z.core.$ZodIssue[], prefix: string): ApiReply {
  const details = issues.map((issue) => ({
    path: [prefix, ...issue.path.map(String)].join('.'),
    message: issue.message,
  }));
  return error(400, 'validation_failed', details[0]?.message ?? 'Dados inválidos', details);
}

const DEFAULT_PROFILE_CREATED_AT = '2026-01-01T09:00:00.000Z';

/** The password of the in-memory account (POST /me/delete checks it). */
export const TEST_ACCOUNT_PASSWORD = 'senha-atual-1';
export const TEST_USER_AGENTS = {
  chromeLinux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
};

const defaultSessions = (): SessionInfo[] => [
  {
    id: '5e55e55e-0000-4000-8000-000000000001',
    createdAt: '2026-03-01T10:00:00.000Z',
    lastUsedAt: new Date().toISOString(),
    userAgent: TEST_USER_AGENTS.chromeLinux,
    isCurrent: true,
  },
  {
    id: '5e55e55e-0000-4000-8000-000000000002',
    createdAt: '2026-02-10T22:15:00.000Z',
    lastUsedAt: '2026-03-02T07:30:00.000Z',
    userAgent: TEST_USER_AGENTS.safariIphone,
    isCurrent: false,
  },
];

const grantedConsents = (): ConsentState[] =>
  CONSENT_PURPOSES.map((purpose) => ({
    purpose,
    status: 'granted',
    textVersion: CONSENT_VERSION,
    answeredAt: DEFAULT_PROFILE_CREATED_AT,
  }));

function dateIn(timeZone: string, instant = new Date()) {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    instant,
  );
}

function addDays(date: string, days: number) {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

const deriveTitle = (content: string) => {
  const words = content.trim().split(/\s+/).slice(0, 8).join(' ');
  return words.length > 60 ? `${words.slice(0, 57)}…` : words;
};

const excerptOf = (content: string) => {
  const flat = content.trim().replace(/\s+/g, ' ');
  return flat.length > 180 ? `${flat.slice(0, 179)}…` : flat;
};

function toDream(stored: StoredDream): Dream {
  const { deletedAt: _deleted, idempotencyKey: _key, ...dream } = stored;
  return dream;
}

function toListItem(dream: Dream): DreamListItem {
  return {
    id: dream.id,
    title: dream.title,
    excerpt: excerptOf(dream.content),
    dreamtOn: dream.dreamtOn,
    recordedAt: dream.recordedAt,
    mood: dream.mood,
    emotions: dream.emotions,
    tags: dream.tags,
    lucidity: dream.lucidity,
    isNightmare: dream.isNightmare,
    isRecurring: dream.isRecurring,
  };
}

let sequence = 0;
const newId = () => {
  sequence += 1;
  return `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
};

// The browser's zone (the test process's), as the first sign-in stores it: "last night" then means the same
// to the form and to the server whatever the hour the tests run at.
const defaultProfile = (): Profile => ({
  timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  isTimeZoneSet: true,
  locale: 'pt-BR',
  theme: 'dark',
  plan: 'dreamer',
  createdAt: DEFAULT_PROFILE_CREATED_AT,
});

/** The parts of the in-memory state a test reads (and, but for `isAccountDeleted`, assigns) through the server object. */
const STATE_FIELDS = [
  'dreams',
  'profile',
  'streaks',
  'analyses',
  'credits',
  'consents',
  'sessions',
  'accountPassword',
  'isAccountDeleted',
  'analysisRun',
] as const satisfies readonly (keyof ApiTestServer)[];
type StateField = (typeof STATE_FIELDS)[number];

export async function startApiServer(): Promise<ApiTestServer> {
  const requests: RecordedApiRequest[] = [];
  const overrides: Route[] = [];
  const state = {
    dreams: [] as StoredDream[],
    profile: defaultProfile(),
    streaks: { current: 0, longest: 0 },
    analyses: [] as StoredAnalysis[],
    credits: { balance: CREDIT_RULES.welcomeBonus, used: 0 },
    consents: grantedConsents(),
    sessions: defaultSessions(),
    accountPassword: TEST_ACCOUNT_PASSWORD as string | null,
    isAccountDeleted: false,
    analysisRun: defaultAnalysisRun(),
    /** Set by pauseNextAnalysis: taken by the next stream. */
    analysisGate: null as Promise<void> | null,
    openGates: [] as (() => void)[],
  };
  const live = () => state.dreams.filter((dream) => !dream.deletedAt);
  const sorted = (dreams: StoredDream[]) =>
    [...dreams].sort((a, b) => b.dreamtOn.localeCompare(a.dreamtOn) || b.recordedAt.localeCompare(a.recordedAt));

  function store(input: Partial<Dream>, idempotencyKey: string | null = null): StoredDream {
    const now = new Date().toISOString();
    const content = input.content ?? 'Um sonho.';
    const title = input.title?.trim() ? input.title.trim() : null;
    const dream: StoredDream = {
      id: input.id ?? newId(),
      title: title ?? deriveTitle(content),
      isTitleDerived: title === null,
      content,
      notes: input.notes ?? null,
      dreamtOn: input.dreamtOn ?? addDays(dateIn(state.profile.timeZone), -1),
      recordedAt: input.recordedAt ?? now,
      updatedAt: input.updatedAt ?? now,
      mood: input.mood ?? null,
      emotions: input.emotions ?? [],
      tags: input.tags ?? [],
      lucidity: input.lucidity ?? 0,
      vividness: input.vividness ?? null,
      sleepQuality: input.sleepQuality ?? null,
      isNightmare: input.isNightmare ?? false,
      isRecurring: input.isRecurring ?? false,
      version: input.version ?? 1,
      deletedAt: null,
      idempotencyKey,
    };
    state.dreams.push(dream);
    return dream;
  }

  const findLive = (id: string) => state.dreams.find((dream) => dream.id === id && !dream.deletedAt);
  const notFound = () => error(404, 'not_found', 'Sonho não encontrado');
  const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
  const badId = () =>
    error(400, 'validation_failed', 'Identificador inválido', [
      { path: 'params.id', message: 'Identificador inválido' },
    ]);
  /** A `/dreams/:id…` handler on a live dream; a malformed id answers 400 and an unknown (or deleted) one 404, as the real server. */
  const onLiveDream =
    (
      handler: (request: RecordedApiRequest, dream: StoredDream, context: { signal: AbortSignal }) => ApiReply,
    ): Handler =>
    (request, { id }, _next, context) => {
      if (!isUuid(id!)) return badId();
      const dream = findLive(id!);
      return dream ? handler(request, dream, context) : notFound();
    };

  const toAnalysis = (stored: StoredAnalysis): Analysis => {
    const dream = state.dreams.find((candidate) => candidate.id === stored.dreamId);
    return { ...stored, isDreamChanged: dream ? stored.dreamVersion < dream.version : false };
  };
  const liveAnalyses = () => state.analyses.filter((analysis) => findLive(analysis.dreamId));

  /** What GET /me/export?format=json writes, from memory (the account part is a fixed stand-in). */
  function exportFile(): ExportFile {
    const dreams = sorted(state.dreams).map((stored) => ({
      ...toDream(stored),
      deletedAt: stored.deletedAt,
      purgeAfter: stored.deletedAt ? new Date(Date.parse(stored.deletedAt) + 10 * 60_000).toISOString() : null,
      analyses: state.analyses.filter((analysis) => analysis.dreamId === stored.id),
    }));
    return {
      schemaVersion: 1,
      product: 'Sonhário',
      exportedAt: new Date().toISOString(),
      account: {
        id: '6f1c3f5e-1d1b-4b6e-9a7e-2f4c8d1e0a11',
        email: 'ana.lima@example.com',
        firstName: 'Ana',
        lastName: 'Lima',
        createdAt: state.profile.createdAt,
        emailConfirmedAt: state.profile.createdAt,
        lastSignInAt: null,
        providers: [
          { provider: 'email', email: 'ana.lima@example.com', createdAt: state.profile.createdAt, lastSignInAt: null },
        ],
      },
      profile: state.profile,
      consents: state.consents
        .filter((consent) => consent.answeredAt && consent.textVersion)
        .map((consent) => ({
          purpose: consent.purpose,
          text: CONSENT_TEXT,
          textVersion: consent.textVersion!,
          grantedAt: consent.answeredAt!,
          withdrawnAt: consent.status === 'withdrawn' ? consent.answeredAt : null,
          isGranted: consent.status !== 'declined',
          source: 'signup',
        })),
      sessions: state.sessions.map(({ isCurrent: _current, ...session }) => ({ ...session, ip: null, endedAt: null })),
      creditLedger: [],
      analysisUsage: [],
      dreams,
      totals: { dreams: dreams.length, analyses: dreams.reduce((sum, dream) => sum + dream.analyses.length, 0) },
    };
  }

  function creditsSummary(): CreditsSummary {
    const limit = PLAN_QUOTAS[state.profile.plan];
    const today = dateIn(state.profile.timeZone);
    const [year, month] = today.split('-').map(Number) as [number, number];
    const resetsOn = new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
    const { balance, used } = state.credits;
    const nextCharge =
      limit === null || used < limit ? 'quota' : balance >= CREDIT_RULES.analysisCost ? 'credits' : null;
    return {
      balance,
      quota: { plan: state.profile.plan, limit, used, month: today.slice(0, 7), resetsOn },
      analysisCost: CREDIT_RULES.analysisCost,
      nextCharge,
    };
  }

  /** The default analysis stream: start, the text in pieces (with heartbeats), then done (stored, charged) or error. */
  async function* streamAnalysis(
    dream: StoredDream,
    charge: 'quota' | 'credits',
    signal: AbortSignal,
  ): AsyncGenerator<SseStep> {
    const run = state.analysisRun;
    const gate = state.analysisGate;
    state.analysisGate = null;
    yield { comment: 'connected' };
    yield { event: 'start', data: { provider: run.provider, model: run.model, isGenerative: run.isGenerative } };
    const pieces = STREAMED_FIELDS.flatMap((field) => piecesOf(run.result[field], 3).map((text) => ({ field, text })));
    for (const [index, piece] of pieces.entries()) {
      yield { event: 'delta', data: piece };
      if (index === 0 && gate) {
        yield { comment: 'heartbeat' };
        await gate;
      }
    }
    if (run.failure) {
      yield { event: 'error', data: run.failure };
      return;
    }
    // A client that went away (Cancelar) is charged nothing and gets nothing stored.
    if (signal.aborted) return;
    const analysis: StoredAnalysis = {
      id: newId(),
      dreamId: dream.id,
      dreamVersion: dream.version,
      provider: run.provider,
      model: run.model,
      language: 'pt-BR',
      charge,
      createdAt: new Date().toISOString(),
      result: run.result,
    };
    state.analyses.push(analysis);
    if (charge === 'quota') state.credits.used += 1;
    else state.credits.balance -= CREDIT_RULES.analysisCost;
    yield { event: 'done', data: toAnalysis(analysis) };
  }

  const routes: Route[] = [
    {
      method: 'GET',
      pattern: '/dreams',
      handler: (request) => {
        const parsed = listDreamsQuerySchema.safeParse(Object.fromEntries(request.query));
        if (!parsed.success) return validationError(parsed.error.issues, 'querystring');
        const query = parsed.data;
        const words = query.q ? fold(query.q).split(/\s+/).filter(Boolean) : [];
        const matching = sorted(live()).filter((dream) => {
          const text = fold(`${dream.title} ${dream.content} ${dream.notes ?? ''}`);
          if (!words.every((word) => text.includes(word))) return false;
          if (query.from && dream.dreamtOn < query.from) return false;
          if (query.to && dream.dreamtOn > query.to) return false;
          if (query.emotion && !dream.emotions.includes(query.emotion)) return false;
          if (query.tag && !dream.tags.some((tag) => fold(tag) === fold(query.tag!))) return false;
          if (query.lucid !== undefined && dream.lucidity > 0 !== query.lucid) return false;
          if (query.nightmare !== undefined && dream.isNightmare !== query.nightmare) return false;
          if (query.recurring !== undefined && dream.isRecurring !== query.recurring) return false;
          return true;
        });
        const start = query.cursor ? Number(Buffer.from(query.cursor, 'base64url').toString('utf8')) : 0;
        const page = matching.slice(start, start + query.limit);
        const next =
          start + query.limit < matching.length ? Buffer.from(String(start + query.limit)).toString('base64url') : null;
        return { status: 200, body: { items: page.map(toListItem), nextCursor: next } };
      },
    },
    {
      method: 'POST',
      pattern: '/dreams',
      handler: (request) => {
        const key = request.headers['idempotency-key'];
        if (key) {
          const existing = state.dreams.find((dream) => dream.idempotencyKey === key);
          if (existing?.deletedAt)
            return error(409, 'idempotency_key_reused', 'Este sonho já foi salvo e depois excluído');
          if (existing) return { status: 200, body: toDream(existing) };
        }
        const parsed = createDreamSchema.safeParse(request.body);
        if (!parsed.success) return validationError(parsed.error.issues, 'body');
        const today = dateIn(state.profile.timeZone);
        if (parsed.data.dreamtOn && parsed.data.dreamtOn > today) {
          const message = 'A data do sonho não pode estar no futuro';
          return error(400, 'validation_failed', message, [{ path: 'body.dreamtOn', message }]);
        }
        const dream = store(
          { ...parsed.data, title: parsed.data.title ?? undefined, notes: parsed.data.notes ?? null },
          key ?? null,
        );
        return { status: 201, body: toDream(dream) };
      },
    },
    {
      method: 'GET',
      pattern: '/dreams/:id',
      handler: onLiveDream((_request, dream) => ({ status: 200, body: toDream(dream) })),
    },
    {
      method: 'PATCH',
      pattern: '/dreams/:id',
      handler: onLiveDream((request, dream) => {
        const parsed = updateDreamSchema.safeParse(request.body);
        if (!parsed.success) return validationError(parsed.error.issues, 'body');
        const { version, ...patch } = parsed.data;
        if (version !== undefined && version !== dream.version) {
          return error(
            409,
            'version_conflict',
            'Este sonho foi alterado em outro lugar. Recarregue para ver a versão mais recente.',
          );
        }
        if ('title' in patch) {
          const title = patch.title?.trim();
          dream.title = title || deriveTitle(patch.content ?? dream.content);
          dream.isTitleDerived = !title;
          delete patch.title;
        }
        Object.assign(dream, Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)));
        if (dream.isTitleDerived) dream.title = deriveTitle(dream.content);
        dream.version += 1;
        dream.updatedAt = new Date().toISOString();
        return { status: 200, body: toDream(dream) };
      }),
    },
    {
      method: 'DELETE',
      pattern: '/dreams/:id',
      handler: onLiveDream((_request, dream) => {
        const now = new Date();
        dream.deletedAt = now.toISOString();
        return {
          status: 200,
          body: {
            id: dream.id,
            deletedAt: dream.deletedAt,
            purgeAfter: new Date(now.getTime() + 10 * 60_000).toISOString(),
          },
        };
      }),
    },
    {
      method: 'POST',
      pattern: '/dreams/:id/restore',
      handler: (_request, { id }) => {
        const dream = state.dreams.find((candidate) => candidate.id === id && candidate.deletedAt);
        if (!dream) return notFound();
        dream.deletedAt = null;
        return { status: 200, body: toDream(dream) };
      },
    },
    {
      method: 'GET',
      pattern: '/tags',
      handler: () => {
        const counts = new Map<string, number>();
        for (const dream of live()) for (const tag of dream.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
        const tags = [...counts]
          .map(([name, count]) => ({ name, count }))
          .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
        return { status: 200, body: { tags } };
      },
    },
    {
      method: 'GET',
      pattern: '/me/overview',
      handler: () => {
        const dreams = sorted(live());
        const today = dateIn(state.profile.timeZone);
        return {
          status: 200,
          body: {
            dreamCount: dreams.length,
            analysisCount: liveAnalyses().length,
            currentStreak: state.streaks.current,
            longestStreak: state.streaks.longest,
            isTodayRecorded: dreams.some(
              (dream) => dateIn(state.profile.timeZone, new Date(dream.recordedAt)) === today,
            ),
            recent: dreams.slice(0, 5).map(toListItem),
          },
        };
      },
    },
    { method: 'GET', pattern: '/me/profile', handler: () => ({ status: 200, body: state.profile }) },
    {
      method: 'PATCH',
      pattern: '/me/profile',
      handler: (request) => {
        const parsed = updateProfileSchema.safeParse(request.body);
        if (!parsed.success) return validationError(parsed.error.issues, 'body');
        state.profile = {
          ...state.profile,
          ...parsed.data,
          isTimeZoneSet: state.profile.isTimeZoneSet || Boolean(parsed.data.timeZone),
        };
        return { status: 200, body: state.profile };
      },
    },
    {
      method: 'GET',
      pattern: '/dreams/:id/analyses',
      handler: onLiveDream((_request, dream) => {
        const items = state.analyses
          .filter((analysis) => analysis.dreamId === dream.id)
          .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
          .map(toAnalysis);
        return { status: 200, body: { items } };
      }),
    },
    {
      method: 'POST',
      pattern: '/dreams/:id/analyses',
      handler: onLiveDream((request, dream, { signal }) => {
        const parsed = createAnalysisSchema.safeParse(request.body ?? {});
        if (!parsed.success) return validationError(parsed.error.issues, 'body');
        if (state.consents.find((consent) => consent.purpose === 'ai_analysis')?.status !== 'granted') {
          return error(403, 'consent_required', 'Para analisar seus sonhos, precisamos do seu consentimento.');
        }
        const { nextCharge, quota, analysisCost } = creditsSummary();
        if (!nextCharge) {
          return error(
            402,
            'analysis_limit_reached',
            `Você já usou as ${quota.limit} análises do seu plano este mês e não tem créditos suficientes (cada análise custa ${analysisCost} créditos).`,
          );
        }
        return { status: 200, stream: streamAnalysis(dream, nextCharge, signal) };
      }),
    },
    { method: 'GET', pattern: '/credits', handler: () => ({ status: 200, body: creditsSummary() }) },
    {
      method: 'DELETE',
      pattern: '/analyses',
      handler: () => {
        const deleted = state.analyses.length;
        state.analyses = [];
        return { status: 200, body: { deleted } };
      },
    },
    { method: 'GET', pattern: '/me/consents', handler: () => ({ status: 200, body: { items: state.consents } }) },
    // Public (no token needed, see PUBLIC_PATHS): what a server with the default, offline provider answers.
    {
      method: 'GET',
      pattern: '/privacy-info',
      handler: () => ({
        status: 200,
        body: {
          productName: 'Sonhário',
          ai: { provider: 'builtin', model: 'léxico 2026.11', isGenerative: false, host: null },
          retention: { deletedDreamUndoMinutes: 10 },
          isKeyStoreSeparate: true,
          contactEmail: null,
        } satisfies PrivacyInfo,
      }),
    },
    { method: 'GET', pattern: '/me/sessions', handler: () => ({ status: 200, body: { items: state.sessions } }) },
    {
      method: 'GET',
      pattern: '/me/export',
      handler: (request) => {
        const parsed = exportQuerySchema.safeParse(Object.fromEntries(request.query));
        if (!parsed.success) return validationError(parsed.error.issues, 'query');
        const file = exportFile();
        const day = file.exportedAt.slice(0, 10);
        const isHtml = parsed.data.format === 'html';
        return {
          status: 200,
          headers: {
            'content-type': isHtml ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8',
            'content-disposition': `attachment; filename="sonhario-export-${day}.${parsed.data.format}"`,
            'cache-control': 'no-store',
          },
          text: isHtml
            ? `<!doctype html><html lang="pt-BR"><title>Seus dados</title><h1>Seus dados</h1><p>${file.dreams.length} sonhos</p></html>`
            : JSON.stringify(file, null, 2),
        };
      },
    },
    {
      method: 'POST',
      pattern: '/me/import',
      handler: (request) => {
        const parsed = exportFileSchema.safeParse(request.body);
        if (!parsed.success) {
          return error(400, 'invalid_export', 'Este arquivo não é uma exportação do Sonhário que possamos importar.');
        }
        let imported = 0;
        let skipped = 0;
        for (const { analyses: _analyses, deletedAt: _deletedAt, purgeAfter: _purgeAfter, ...dream } of parsed.data
          .dreams) {
          if (state.dreams.some((existing) => existing.id === dream.id)) {
            skipped += 1;
            continue;
          }
          store(dream);
          imported += 1;
        }
        return { status: 200, body: { imported, skipped } };
      },
    },
    {
      method: 'POST',
      pattern: '/me/delete',
      handler: (request) => {
        const parsed = deleteAccountSchema.safeParse(request.body);
        if (!parsed.success) return validationError(parsed.error.issues, 'body');
        if (state.accountPassword !== null) {
          if (!parsed.data.password) return error(400, 'password_required', 'Digite sua senha para excluir a conta.');
          if (parsed.data.password !== state.accountPassword)
            return error(400, 'invalid_credentials', 'Senha incorreta.');
        }
        state.isAccountDeleted = true;
        state.dreams = [];
        state.analyses = [];
        state.sessions = [];
        return { status: 204 };
      },
    },
    {
      method: 'POST',
      pattern: '/me/consents',
      handler: (request) => {
        const parsed = recordConsentSchema.safeParse(request.body);
        if (!parsed.success) return validationError(parsed.error.issues, 'body');
        const { purposes, isGranted, textVersion } = parsed.data;
        const answeredAt = new Date().toISOString();
        state.consents = state.consents.map((consent) => {
          if (!purposes.includes(consent.purpose)) return consent;
          const status: ConsentStatus = isGranted ? 'granted' : consent.status === 'granted' ? 'withdrawn' : 'declined';
          return { ...consent, status, textVersion, answeredAt };
        });
        return { status: 200, body: { items: state.consents } };
      },
    },
  ];

  /** Writes an event stream step by step; each frame goes out in two writes, so clients meet frames cut in half. */
  async function writeStream(
    req: IncomingMessage,
    res: ServerResponse,
    stream: Iterable<SseStep> | AsyncIterable<SseStep>,
    status: number,
    signal: AbortSignal,
  ) {
    res.writeHead(status, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
    const pause = () => new Promise((resolve) => setImmediate(resolve));
    for await (const step of stream) {
      if (signal.aborted) return;
      if (step === 'drop') {
        req.socket.destroy();
        return;
      }
      if ('pause' in step) {
        await step.pause;
        continue;
      }
      const text =
        'raw' in step
          ? step.raw
          : 'comment' in step
            ? `: ${step.comment}\n\n`
            : `event: ${step.event}\ndata: ${JSON.stringify(step.data)}\n\n`;
      const half = Math.ceil(text.length / 2);
      res.write('raw' in step ? text : text.slice(0, half));
      if (!('raw' in step)) {
        await pause();
        if (signal.aborted) return;
        res.write(text.slice(half));
      }
      await pause();
    }
    res.end();
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    // Browsers preflight cross-origin calls with custom headers; jsdom's fetch is Node's, which does not.
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', 'authorization, content-type, idempotency-key');
    res.setHeader('access-control-allow-methods', 'GET, POST, PATCH, DELETE');
    // A downloaded file's name (GET /me/export) is read by the page.
    res.setHeader('access-control-expose-headers', 'content-disposition');
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const request: RecordedApiRequest = {
      method: req.method ?? 'GET',
      path: url.pathname.replace(/^\/api\/v1/, ''),
      query: url.searchParams,
      headers: Object.fromEntries(
        Object.entries(req.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(',') : value]),
      ),
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
    requests.push(request);
    const gone = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) gone.abort();
    });
    const context = { signal: gone.signal };

    let reply: ApiReply;
    if (!PUBLIC_PATHS.has(request.path) && request.headers.authorization !== `Bearer ${TEST_ACCESS_TOKEN}`) {
      reply = error(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    } else if (state.isAccountDeleted && !PUBLIC_PATHS.has(request.path)) {
      // The account and its sessions are gone: the token names a session that no longer exists.
      reply = error(401, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    } else {
      const match = (list: Route[]) =>
        [...list].reverse().find((route) => route.method === request.method && matchPath(route.pattern, request.path));
      const fallback = match(routes);
      const next = async () =>
        fallback
          ? fallback.handler(request, matchPath(fallback.pattern, request.path)!, next, context)
          : error(404, 'not_found', 'Not found');
      const route = match(overrides);
      if (route) {
        // One-shot answers (once, hold) are used up; the next request gets the default again.
        if (route.isOnce) overrides.splice(overrides.indexOf(route), 1);
        reply = await route.handler(request, matchPath(route.pattern, request.path)!, next, context);
      } else {
        reply = await next();
      }
    }
    if (reply === 'drop') {
      // The connection dies before an answer: fetch rejects, as on a phone losing its signal.
      req.socket.destroy();
      return;
    }
    if (reply.stream) {
      await writeStream(req, res, reply.stream, reply.status, gone.signal);
      return;
    }
    if (reply.text !== undefined) {
      res.writeHead(reply.status, { 'content-type': 'text/plain; charset=utf-8', ...reply.headers });
      res.end(reply.text);
      return;
    }
    res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
    res.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
  }

  const server: Server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const api: Omit<ApiTestServer, StateField> = {
    url: `http://127.0.0.1:${port}`,
    requests,
    exportFile,
    seed(dreams) {
      return dreams.map((dream) => toDream(store(dream)));
    },
    seedAnalyses(dreamId, analyses) {
      const dream = state.dreams.find((candidate) => candidate.id === dreamId);
      if (!dream) throw new Error(`seedAnalyses: no dream ${dreamId}`);
      const stored = analyses.map((analysis, index): StoredAnalysis => ({
        id: newId(),
        dreamId,
        dreamVersion: dream.version,
        provider: 'builtin',
        model: 'léxico 2026.11',
        language: 'pt-BR',
        charge: 'quota',
        createdAt: new Date(Date.now() - (index + 1) * 86_400_000).toISOString(),
        result: makeAnalysisResult(),
        ...analysis,
      }));
      state.analyses.push(...stored);
      return stored.map(toAnalysis);
    },
    setConsents(status) {
      state.consents = CONSENT_PURPOSES.map((purpose) =>
        status === 'unanswered'
          ? { purpose, status, textVersion: null, answeredAt: null }
          : { purpose, status, textVersion: CONSENT_VERSION, answeredAt: new Date().toISOString() },
      );
    },
    pauseNextAnalysis() {
      let release!: () => void;
      state.analysisGate = new Promise<void>((resolve) => (release = resolve));
      state.openGates.push(release);
      return release;
    },
    on(method, pattern, handler) {
      overrides.push({ method, pattern, handler });
    },
    once(method, pattern, handler) {
      overrides.push({ method, pattern, handler, isOnce: true });
    },
    hold(method, pattern) {
      return new Promise((resolveHold) => {
        overrides.push({
          method,
          pattern,
          isOnce: true,
          handler: (_request, _params, next) =>
            new Promise<ApiReply>((release) => resolveHold((reply) => release(reply ?? next()))),
        });
      });
    },
    requestsTo(method, pattern) {
      return requests.filter((request) => request.method === method && matchPath(pattern, request.path));
    },
    reset() {
      overrides.length = 0;
      requests.length = 0;
      state.dreams = [];
      state.profile = defaultProfile();
      state.streaks = { current: 0, longest: 0 };
      state.analyses = [];
      state.credits = { balance: CREDIT_RULES.welcomeBonus, used: 0 };
      state.consents = grantedConsents();
      state.sessions = defaultSessions();
      state.accountPassword = TEST_ACCOUNT_PASSWORD;
      state.isAccountDeleted = false;
      state.analysisRun = defaultAnalysisRun();
      state.analysisGate = null;
      // A stream a test left paused (a cancelled one) finishes now, against a client long gone.
      for (const release of state.openGates.splice(0)) release();
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  // Live views of the state: a test reads or assigns `api.credits` and the next request sees it.
  for (const field of STATE_FIELDS) {
    Object.defineProperty(api, field, {
      enumerable: true,
      get: () => state[field],
      set: (value: unknown) => {
        (state as Record<StateField, unknown>)[field] = value;
      },
    });
  }
  return api as ApiTestServer;
}
