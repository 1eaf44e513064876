// Property tests of the credit ledger (issue 13): random sequences of analyses (builtin, and OpenAI and Anthropic
// protocols served by a local fake that succeeds, fails, times out or hangs until the client cancels), operator
// grants, repeated welcome bonuses and plan changes, for two users at once, some steps run concurrently. After every
// step the database and the API must agree with what the client was told, the balance is never negative, and no
// quota or credit is ever spent without a stored analysis.
import { createServer, type Server } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AnalysisCharge } from '@sonhario/contracts/analyses';
import { CREDIT_RULES, PLAN_QUOTAS, type CreditsSummary, type LedgerEntry } from '@sonhario/contracts/credits';
import type { PlanId } from '@sonhario/contracts/profile';
import { sql, type SQL } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createListeningTestApp, createTestApp, createTestDatabase, type TestApp } from '../../test/harness.ts';
import { parseEventStream } from '../analyses/analyses.testing.ts';
import {
  anthropicError,
  anthropicStream,
  openAiError,
  openAiStream,
  sampleWireJson,
  silentHandler,
  type Handler,
} from '../analyses/providers/provider-test-servers.ts';
import { getApiKeys } from '../auth/auth.tokens.ts';
import { api, JOURNAL_TEST_ENV, postDream, queryRows, signUpUser, type TestUser } from '../dreams/dreams.testing.ts';
import { grantCredits, grantWelcomeBonus } from './credits.service.ts';

/**
 * 15 runs keep the file near half a minute on two loaded cores. CREDITS_PROPERTY_RUNS=<n> runs deeper;
 * CREDITS_PROPERTY_SEED=<seed> replays the actions of a failure fast-check printed (the interleavings themselves are
 * the machine's, so a race may need a few replays).
 */
const NUM_RUNS = Number(process.env.CREDITS_PROPERTY_RUNS ?? 15);
const SEED = process.env.CREDITS_PROPERTY_SEED ? Number(process.env.CREDITS_PROPERTY_SEED) : undefined;
const COST = CREDIT_RULES.analysisCost;
const WELCOME = CREDIT_RULES.welcomeBonus;
/** Every row this file writes is in this month (the clock below starts mid-month and moves 1 ms a reading). */
const MONTH = '2099-11';

// --- the fake provider -------------------------------------------------------------------------------------------

/** What the fake provider does with a dream; the marker travels inside the dream text the provider receives. */
const FATES = ['ok', 'e500', 'e429', 'trunc', 'hang', 'silent'] as const;
type Fate = (typeof FATES)[number];
type FailingFate = 'e500' | 'e429' | 'trunc';

const TRUNCATED = sampleWireJson().slice(0, 200);
/** Enough of the answer for the summary to stream, then silence: only the client's cancel ends it. */
const PARTIAL = sampleWireJson().slice(0, 400);

const OPENAI_FATES: Record<Fate, Handler> = {
  ok: openAiStream(sampleWireJson()),
  e500: openAiError(500, 'The server had an error', 'server_error'),
  e429: openAiError(429, 'Rate limit reached', 'requests', 'rate_limit_exceeded'),
  trunc: openAiStream(TRUNCATED, { finishReason: null, ending: 'destroy' }),
  hang: openAiStream(PARTIAL, { finishReason: null, ending: 'hang' }),
  silent: silentHandler,
};
const ANTHROPIC_FATES: Record<Fate, Handler> = {
  ok: anthropicStream(sampleWireJson()),
  e500: anthropicError(500, 'api_error', 'Internal server error'),
  e429: anthropicError(429, 'rate_limit_error', 'Number of requests has exceeded your rate limit'),
  trunc: anthropicStream(TRUNCATED, { stopReason: null, ending: 'destroy' }),
  hang: anthropicStream(PARTIAL, { stopReason: null, ending: 'hang' }),
  silent: silentHandler,
};
const FAILURE_CODE: Record<FailingFate, string> = {
  e500: 'provider_failed',
  e429: 'provider_rate_limited',
  trunc: 'provider_failed',
};

/** One local server for both wire formats, answering each request as its dream's marker says. */
async function startFakeProvider(): Promise<{ origin: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const fate = /\[sinal:(\w+)\]/.exec(text)?.[1] as Fate | undefined;
      const handlers = req.url?.includes('/chat/completions') ? OPENAI_FATES : ANTHROPIC_FATES;
      const handler = fate ? handlers[fate] : undefined;
      if (!handler) {
        res.writeHead(418, { 'content-type': 'application/json' }).end('{"error":{"message":"no marker"}}');
        return;
      }
      const body: unknown = text ? JSON.parse(text) : null;
      void handler(res, {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body,
        clientGone: new Promise(() => undefined),
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('fake provider has no port');
  return {
    origin: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// --- actions -----------------------------------------------------------------------------------------------------

type UserIndex = 0 | 1;
type Mode = 'json' | 'stream';
type Key = string | null;
/**
 * Dreams the providers analyse successfully. Several, because analyses of one dream take turns on its row lock
 * while storing; only analyses of different dreams race for the same credits. A key reused on another is a conflict.
 */
const OK_DREAMS = ['okA', 'okB', 'okC'] as const;
type OkDream = (typeof OK_DREAMS)[number];

type Action =
  /** An analysis that completes (builtin, or a generative provider answering in full). */
  | { kind: 'analyse'; user: UserIndex; via: 'builtin' | 'openai' | 'anthropic'; dream: OkDream; mode: Mode; key: Key }
  /** The generative provider fails: an HTTP error or a dropped stream. */
  | { kind: 'fail'; user: UserIndex; via: 'openai' | 'anthropic'; fate: FailingFate; mode: Mode; key: Key }
  /** The provider never answers; the server's deadline (300 ms on that instance) ends the call. */
  | { kind: 'timeout'; user: UserIndex; mode: Mode; key: Key }
  /** The provider stalls mid-answer and the client hangs up after the first streamed text. */
  | { kind: 'cancel'; user: UserIndex; via: 'openai' | 'anthropic'; key: Key }
  /**
   * The builtin stream (BUILTIN_PIECES pieces over 60 ms), cancelled after its `afterDeltas`-th piece: after the last
   * one, the cancel races the charge and the analysis may be stored (and charged) before the server sees the hang-up.
   */
  | { kind: 'cancelRace'; user: UserIndex; dream: OkDream; afterDeltas: number; key: Key }
  /** An operator's grant (the service function `npm run admin -- grant-credits` calls); keys repeat on purpose. */
  | { kind: 'grant'; user: UserIndex; amount: number; key: string }
  /** The welcome bonus granted again (as account creation would): never a second time. */
  | { kind: 'welcome'; user: UserIndex }
  /** An operator changes the plan (PUT /admin/users/:id/plan). */
  | { kind: 'plan'; user: UserIndex; plan: PlanId };

type AnalysisAction = Extract<Action, { kind: 'analyse' | 'fail' | 'timeout' | 'cancel' | 'cancelRace' }>;
const isAnalysisAction = (action: Action): action is AnalysisAction =>
  ['analyse', 'fail', 'timeout', 'cancel', 'cancelRace'].includes(action.kind);

/** How many pieces the builtin reveal streams for the test's dream (seen in a run; another count only races less). */
const BUILTIN_PIECES = 20;

const userArb = fc.constantFrom<UserIndex>(0, 1);
const modeArb = fc.constantFrom<Mode>('json', 'stream');
const keyArb = fc.option(fc.constantFrom('chave-um', 'chave-dois'), { freq: 3 });
const okDreamArb = fc.constantFrom<OkDream>(...OK_DREAMS);

const actionArb: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('analyse' as const),
      user: userArb,
      via: fc.constantFrom('builtin' as const, 'openai' as const, 'anthropic' as const),
      dream: okDreamArb,
      mode: modeArb,
      key: keyArb,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('fail' as const),
      user: userArb,
      via: fc.constantFrom('openai' as const, 'anthropic' as const),
      fate: fc.constantFrom<FailingFate>('e500', 'e429', 'trunc'),
      mode: modeArb,
      key: keyArb,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('timeout' as const), user: userArb, mode: modeArb, key: keyArb }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('cancel' as const),
      user: userArb,
      via: fc.constantFrom('openai' as const, 'anthropic' as const),
      key: keyArb,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('cancelRace' as const),
      user: userArb,
      dream: okDreamArb,
      // Half the time right after the last piece, where the cancel meets the charge.
      afterDeltas: fc.oneof(fc.integer({ min: 0, max: BUILTIN_PIECES + 1 }), fc.constant(BUILTIN_PIECES)),
      key: keyArb,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('grant' as const),
      user: userArb,
      amount: fc.integer({ min: 1, max: 25 }),
      key: fc.constantFrom('desculpas-1', 'desculpas-2', 'brinde-3'),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('welcome' as const), user: userArb }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('plan' as const),
      user: userArb,
      plan: fc.constantFrom<PlanId>('dreamer', 'lucid', 'oracle'),
    }),
  },
);

/** The same completing analysis several times at once: they race for the last quota slot or the last credits. */
const burstArb: fc.Arbitrary<Action[]> = fc
  .tuple(fc.integer({ min: 3, max: 6 }), userArb, fc.constantFrom('builtin' as const, 'openai' as const), modeArb)
  .map(([count, user, via, mode]) =>
    Array.from({ length: count }, (_, i) => ({
      kind: 'analyse' as const,
      user,
      via,
      dream: OK_DREAMS[i % OK_DREAMS.length]!,
      mode,
      key: null,
    })),
  );

/** A step is one action, a few different ones run at once (Promise.all), or a burst of the same analysis. */
const stepArb: fc.Arbitrary<Action[]> = fc.oneof(
  { weight: 3, arbitrary: actionArb.map((action) => [action]) },
  { weight: 2, arbitrary: fc.array(actionArb, { minLength: 2, maxLength: 4 }) },
  { weight: 1, arbitrary: burstArb },
);

/** A first step of concurrent builtin analyses brings each user near or past the free quota (5). */
const warmUpArb = fc
  .tuple(fc.integer({ min: 2, max: 7 }), fc.integer({ min: 2, max: 7 }), modeArb)
  .map(([first, second, mode]): Action[] =>
    ([0, 1] as const).flatMap((user) =>
      Array.from({ length: user === 0 ? first : second }, (_, i) => ({
        kind: 'analyse' as const,
        user,
        via: 'builtin' as const,
        dream: OK_DREAMS[i % OK_DREAMS.length]!,
        mode,
        key: null,
      })),
    ),
  );

/** A builtin analysis of user 0's dream under the key 'chave-um' (the fixed scenario's two steps: the second conflicts). */
const REUSE_KEY = (dream: OkDream): Action => ({
  kind: 'analyse',
  user: 0,
  via: 'builtin',
  dream,
  mode: 'json',
  key: 'chave-um',
});

const scenarioArb = fc
  .tuple(warmUpArb, fc.array(stepArb, { minLength: 3, maxLength: 9 }))
  .map(([warmUp, steps]) => (warmUp.length > 0 ? [warmUp, ...steps] : steps));

// --- what the client saw -----------------------------------------------------------------------------------------

type Observed =
  | { kind: 'done'; id: string; charge: AnalysisCharge }
  | { kind: 'refused' }
  | { kind: 'conflict' }
  | { kind: 'failed'; code: string }
  /** The client hung up before the outcome; `tag` (its user agent) finds the request in the server's log. */
  | { kind: 'aborted'; tag: string }
  | { kind: 'granted'; isGranted: boolean }
  | { kind: 'planSet' };

/** What a run exercised, by kind of answer: the runs together must cover each money path (see the test). */
function labelOf(answer: Observed): string {
  switch (answer.kind) {
    case 'done':
      return `charged ${answer.charge}`;
    case 'granted':
      return answer.isGranted ? 'granted' : 'not granted';
    default:
      return answer.kind;
  }
}

function fromErrorBody(status: number, body: { code?: string }): Observed {
  if (status === 402 && body.code === 'analysis_limit_reached') return { kind: 'refused' };
  if (status === 409 && body.code === 'idempotency_key_reused') return { kind: 'conflict' };
  if ([502, 503, 504].includes(status) && body.code) return { kind: 'failed', code: body.code };
  throw new Error(`unexpected answer ${status} ${JSON.stringify(body)}`);
}

function fromEvents(text: string): Observed | undefined {
  const terminal = parseEventStream(text.slice(0, text.lastIndexOf('\n\n') + 2)).find(
    (event) => event.event === 'done' || event.event === 'error',
  );
  if (!terminal) return undefined;
  if (terminal.event === 'done') return { kind: 'done', id: terminal.data.id, charge: terminal.data.charge };
  if (terminal.data.code === 'analysis_limit_reached') return { kind: 'refused' };
  if (terminal.data.code === 'idempotency_key_reused') return { kind: 'conflict' };
  return { kind: 'failed', code: terminal.data.code };
}

// --- the model ---------------------------------------------------------------------------------------------------

interface StoredAnalysis {
  charge: AnalysisCharge;
  dream: OkDream;
  key: Key;
}

/** What a user's money must be, built only from what the client was told (and, for cancel races, what was kept). */
interface UserModel {
  user: TestUser;
  dreams: Record<OkDream | Fate, string>;
  plan: PlanId;
  analyses: Map<string, StoredAnalysis>;
  grants: Map<string, number>;
  /**
   * The rewards granted (modules/rewards: achievements an analysis reaches on Lucid and Oracle, the setup dreams'
   * first-dream credit), as the ledger held them at the last check: they have tests of their own (rewards.test.ts),
   * here they only add to the balance.
   */
  rewards: number;
}

const REWARD_REASONS = new Set(['first_dream_of_day', 'streak_milestone', 'daily_bonus', 'achievement']);

const quotaUsed = (model: UserModel) => [...model.analyses.values()].filter((a) => a.charge === 'quota').length;
const creditCharges = (model: UserModel) => [...model.analyses.values()].filter((a) => a.charge === 'credits').length;
const balanceOf = (model: UserModel) =>
  WELCOME +
  model.rewards +
  [...model.grants.values()].reduce((sum, amount) => sum + amount, 0) -
  COST * creditCharges(model);

function nextCharge(model: UserModel): AnalysisCharge | null {
  const limit = PLAN_QUOTAS[model.plan];
  if (limit === null || quotaUsed(model) < limit) return 'quota';
  return balanceOf(model) >= COST ? 'credits' : null;
}

const keyOwner = (model: UserModel, key: Key) =>
  key === null ? undefined : [...model.analyses.entries()].find(([, analysis]) => analysis.key === key);

function dreamOf(action: AnalysisAction): OkDream | Fate {
  switch (action.kind) {
    case 'analyse':
    case 'cancelRace':
      return action.dream;
    case 'fail':
      return action.fate;
    case 'timeout':
      return 'silent';
    case 'cancel':
      return 'hang';
  }
}

/** The one outcome a lone action must have (a cancel race: `done`, or `aborted` with a charge the database shows). */
type Expected =
  | { kind: 'replay'; id: string }
  | { kind: 'conflict' }
  | { kind: 'refused' }
  | { kind: 'charged'; charge: AnalysisCharge }
  | { kind: 'failed'; code: string }
  | { kind: 'aborted' }
  | { kind: 'raced'; charge: AnalysisCharge };

function expectedOf(model: UserModel, action: AnalysisAction): Expected {
  const owner = keyOwner(model, action.key);
  if (owner) return owner[1].dream === dreamOf(action) ? { kind: 'replay', id: owner[0] } : { kind: 'conflict' };
  const charge = nextCharge(model);
  if (!charge) return { kind: 'refused' };
  switch (action.kind) {
    case 'analyse':
      return { kind: 'charged', charge };
    case 'fail':
      return { kind: 'failed', code: FAILURE_CODE[action.fate] };
    case 'timeout':
      return { kind: 'failed', code: 'provider_timeout' };
    case 'cancel':
      return { kind: 'aborted' };
    case 'cancelRace':
      return { kind: 'raced', charge };
  }
}

// --- the test ----------------------------------------------------------------------------------------------------

const ENV = { ...JOURNAL_TEST_ENV };

describe('the credit ledger under random interleavings', () => {
  let database: Database;
  let provider: Awaited<ReturnType<typeof startFakeProvider>>;
  let apps: Record<'builtin' | 'openai' | 'anthropic', TestApp & { url: string }>;
  let impatient: TestApp;
  let serviceRoleKey: string;
  let requestCount = 0;
  const exercised = new Set<string>();

  // One clock for every instance, in 2099 (after the accounts' real creation time, so the welcome bonus is always
  // the first row), moving 1 ms on each reading: ledger rows then sort in the order their times were taken.
  let tick = Date.parse('2099-11-10T12:00:00Z');
  const now = () => new Date(tick++);

  /** What afterAll closes, newest first. */
  const closers: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    closers.push(() => database.close());
    provider = await startFakeProvider();
    closers.push(() => provider.close());
    const generative = { AI_API_KEY: 'sk-test-key', AI_TIMEOUT_MS: '15000' };
    const openAiEnv = { AI_PROVIDER: 'openai', AI_BASE_URL: `${provider.origin}/v1`, AI_MODEL: 'gpt-test' };
    // One after the other: the first writes the secrets of the shared DATA_DIR that the others read.
    const builtin = await createListeningTestApp({ ...ENV, AI_BUILTIN_REVEAL_MS: '60' }, database, { now });
    const openai = await createListeningTestApp({ ...ENV, ...generative, ...openAiEnv }, database, { now });
    const anthropic = await createListeningTestApp(
      { ...ENV, ...generative, AI_PROVIDER: 'anthropic', AI_BASE_URL: provider.origin, AI_MODEL: 'claude-test' },
      database,
      { now },
    );
    const shortDeadline = await createTestApp({ ...ENV, ...generative, ...openAiEnv, AI_TIMEOUT_MS: '300' }, database, {
      now,
    });
    for (const t of [builtin, openai, anthropic, shortDeadline]) {
      closers.push(async () => {
        // Streams the test hung up on may leave keep-alive sockets in the client's pool: do not wait for them.
        t.app.server.closeAllConnections();
        await t.close();
      });
    }
    apps = { builtin, openai, anthropic };
    impatient = shortDeadline;
    serviceRoleKey = getApiKeys(builtin.app.deps.secrets).serviceRoleKey;
  });
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
  });

  async function newUser(): Promise<UserModel> {
    const user = await signUpUser(apps.builtin, { isConsenting: true });
    const names = [...OK_DREAMS, ...FATES.filter((fate) => fate !== 'ok')] as const;
    const posted = await Promise.all(
      names.map((name) =>
        postDream(apps.builtin, user, {
          content: `Eu atravessava uma ponte de vidro sobre o mar, à noite. [sinal:${name.startsWith('ok') ? 'ok' : name}]`,
        }),
      ),
    );
    const dreams = Object.fromEntries(names.map((name, i) => [name, posted[i]!.id])) as Record<OkDream | Fate, string>;
    const rewards = await queryRows<{ n: number }>(
      database.db,
      sql`select coalesce(sum(amount), 0)::int as n from credit_ledger where user_id = ${user.id} and reason <> 'welcome_bonus'`,
    );
    return { user, dreams, plan: 'dreamer', analyses: new Map(), grants: new Map(), rewards: rewards[0]?.n ?? 0 };
  }

  function appOf(action: AnalysisAction): TestApp {
    switch (action.kind) {
      case 'analyse':
      case 'fail':
      case 'cancel':
        return apps[action.via];
      case 'cancelRace':
        return apps.builtin;
      case 'timeout':
        return impatient;
    }
  }

  /** A request the client reads to the end: JSON through inject, or the event stream. */
  async function requestAnalysis(t: TestApp, user: TestUser, dreamId: string, mode: Mode, key: Key): Promise<Observed> {
    const res = await api(t, user).post(
      `/dreams/${dreamId}/analyses`,
      {},
      {
        ...(mode === 'stream' ? { accept: 'text/event-stream' } : {}),
        ...(key ? { 'idempotency-key': key } : {}),
      },
    );
    if (res.statusCode === 200 || res.statusCode === 201) {
      if (mode === 'json') {
        const analysis = res.json<{ id: string; charge: AnalysisCharge }>();
        return { kind: 'done', id: analysis.id, charge: analysis.charge };
      }
      const outcome = fromEvents(res.body);
      if (!outcome) throw new Error(`stream without an outcome: ${res.body.slice(-300)}`);
      return outcome;
    }
    return fromErrorBody(res.statusCode, res.json());
  }

  /** A stream over a real socket that the client drops once `hangUp` resolves, unless it already finished. */
  async function cancelledAnalysis(
    url: string,
    user: TestUser,
    dreamId: string,
    key: Key,
    hangUp: (waitFor: (condition: (seen: string) => boolean) => Promise<void>) => Promise<void>,
  ): Promise<Observed> {
    requestCount += 1;
    const tag = `credits-property/${requestCount}`;
    const controller = new AbortController();
    const res = await fetch(`${url}/api/v1/dreams/${dreamId}/analyses`, {
      method: 'POST',
      headers: {
        ...user.headers,
        accept: 'text/event-stream',
        'content-type': 'application/json',
        'user-agent': tag,
        ...(key ? { 'idempotency-key': key } : {}),
      },
      body: '{}',
      signal: controller.signal,
    });
    if (res.status !== 200) return fromErrorBody(res.status, (await res.json()) as { code?: string });
    if (res.headers.has('content-length')) {
      // A complete answer, not a live stream: the replay of an analysis stored under this idempotency key. Nothing
      // runs on the server any more, so there is nothing to cancel.
      const outcome = fromEvents(await res.text());
      if (!outcome) throw new Error('a replayed stream without an outcome');
      return outcome;
    }
    const received = { text: '', isEnded: false };
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    const reading = (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        received.text += decoder.decode(value, { stream: true });
      }
      received.isEnded = true;
    })().catch(() => undefined);
    const waitFor = async (condition: (seen: string) => boolean) => {
      while (!condition(received.text) && !received.isEnded) await sleep(5);
    };
    await Promise.race([hangUp(waitFor), reading]);
    const outcome = fromEvents(received.text);
    if (outcome) {
      controller.abort();
      return outcome;
    }
    if (received.isEnded) throw new Error(`stream ended without an outcome: ${received.text.slice(-300)}`);
    controller.abort();
    await reading;
    return { kind: 'aborted', tag };
  }

  async function perform(models: UserModel[], action: Action): Promise<Observed> {
    const model = models[action.user]!;
    const { user } = model;
    switch (action.kind) {
      case 'analyse':
      case 'fail':
      case 'timeout':
        return requestAnalysis(appOf(action), user, model.dreams[dreamOf(action)], action.mode, action.key);
      case 'cancel':
        // Hang up after the first streamed text: the provider call is surely under way, and will never finish.
        return cancelledAnalysis(apps[action.via].url, user, model.dreams.hang, action.key, (waitFor) =>
          waitFor((seen) => seen.includes('event: delta')),
        );
      case 'cancelRace':
        return cancelledAnalysis(apps.builtin.url, user, model.dreams[action.dream], action.key, (waitFor) =>
          waitFor((seen) => seen.split('event: delta').length > action.afterDeltas),
        );
      case 'grant':
        return {
          kind: 'granted',
          isGranted: await grantCredits({ db: database.db, userId: user.id, now }, action),
        };
      case 'welcome':
        return { kind: 'granted', isGranted: await grantWelcomeBonus({ db: database.db, userId: user.id, now }) };
      case 'plan': {
        const res = await apps.builtin.app.inject({
          method: 'PUT',
          url: `/api/v1/admin/users/${user.id}/plan`,
          headers: { authorization: `Bearer ${serviceRoleKey}` },
          payload: { plan: action.plan },
        });
        expect(res.statusCode, res.body).toBe(200);
        return { kind: 'planSet' };
      }
    }
  }

  /**
   * Waits until the server is done with every request whose client hung up. Each one either logs how it ended, or
   * stores its analysis (a cancel that came too late), or, carrying an idempotency key, finds that key stored (by it,
   * or by a twin whose analysis it then answers with: it can store nothing more). A request that does none of these
   * within 10 s is a hang, and fails the test.
   */
  async function settle(
    models: UserModel[],
    hungUp: { user: UserIndex; tag: string; key: Key }[],
    answered: Set<string>,
  ) {
    const logs = [...Object.values(apps)].flatMap((t) => t.logs.lines);
    const reqIdOf = (tag: string) => {
      const line = logs.find((l) => l.includes(`"userAgent":"${tag}"`));
      return line ? (JSON.parse(line) as { reqId: string }).reqId : undefined;
    };
    const requests = hungUp.map((request) => ({ ...request, reqId: reqIdOf(request.tag) }));
    const deadline = Date.now() + 10_000;
    for (;;) {
      const lines = [...Object.values(apps)].flatMap((t) => t.logs.lines);
      const hasEnded = (reqId: string | undefined) =>
        reqId !== undefined &&
        lines.some(
          (l) =>
            l.includes(`"reqId":"${reqId}"`) &&
            (l.includes('"msg":"analysis ended without a result"') || l.includes('"msg":"analysis failed"')),
        );
      let isSettled = true;
      for (const index of [0, 1] as const) {
        const open = requests.filter((request) => request.user === index && !hasEnded(request.reqId));
        if (open.length === 0) continue;
        const model = models[index]!;
        const rows = await analysesOf(model.user.id);
        const storedKeys = new Set(rows.map((row) => row.idempotency_key));
        const unknownUnkeyed = rows.filter(
          (row) => row.idempotency_key === null && !model.analyses.has(row.id) && !answered.has(row.id),
        );
        const openUnkeyed = open.filter((request) => request.key === null);
        // Only an unkeyed request can store an unkeyed analysis, and each at most one.
        expect(unknownUnkeyed.length, 'analyses stored beyond what hung-up requests explain').toBeLessThanOrEqual(
          openUnkeyed.length,
        );
        if (unknownUnkeyed.length < openUnkeyed.length) isSettled = false;
        if (open.some((request) => request.key !== null && !storedKeys.has(request.key))) isSettled = false;
      }
      if (isSettled) return;
      if (Date.now() > deadline) throw new Error(`hung-up requests never ended: ${JSON.stringify(requests)}`);
      await sleep(20);
    }
  }

  const analysesOf = (userId: string) =>
    queryRows<{ id: string; dream_id: string; charge: string; provider: string; idempotency_key: string | null }>(
      database.db,
      sql`select id, dream_id, charge, provider, idempotency_key from dream_analyses where user_id = ${userId}`,
    );

  /** Runs one step and brings the models up to date, checking each answer against what the model allows. */
  async function runStep(models: UserModel[], step: Action[]) {
    const before = models.map((model) => ({
      analyses: new Map(model.analyses),
      grants: new Map(model.grants),
      plan: model.plan,
    }));
    const [first] = step;
    const expected =
      step.length === 1 && first && isAnalysisAction(first) ? expectedOf(models[first.user]!, first) : undefined;
    const observed = await Promise.all(step.map((action) => perform(models, action)));
    for (const answer of observed) exercised.add(labelOf(answer));
    const context = () => `step ${JSON.stringify(step)} answered ${JSON.stringify(observed)}`;

    await settle(
      models,
      step.flatMap((action, i) => {
        const seen = observed[i]!;
        return seen.kind === 'aborted' && isAnalysisAction(action)
          ? [{ user: action.user, tag: seen.tag, key: action.key }]
          : [];
      }),
      new Set(observed.flatMap((seen) => (seen.kind === 'done' ? [seen.id] : []))),
    );

    // Grants: exactly one call per new key writes it, whatever ran alongside; a known key writes nothing.
    for (const [i, action] of step.entries()) {
      const seen = observed[i]!;
      if (action.kind === 'welcome') expect(seen, context()).toEqual({ kind: 'granted', isGranted: false });
      if (action.kind !== 'grant') continue;
      const model = models[action.user]!;
      if (seen.kind !== 'granted') throw new Error(context());
      if (!seen.isGranted) continue;
      expect(model.grants.has(action.key), `grant ${action.key} written twice: ${context()}`).toBe(false);
      model.grants.set(action.key, action.amount);
    }
    for (const action of step) {
      if (action.kind !== 'grant') continue;
      expect(models[action.user]!.grants.has(action.key), `grant ${action.key} never written: ${context()}`).toBe(true);
    }

    // Analyses the client saw finish. Only an analysis that completed creates one; the others may at most replay one
    // that already existed under their idempotency key.
    for (const [i, action] of step.entries()) {
      const seen = observed[i]!;
      if (!isAnalysisAction(action) || seen.kind !== 'done') continue;
      if (action.kind === 'analyse' || action.kind === 'cancelRace') {
        const model = models[action.user]!;
        const known = model.analyses.get(seen.id);
        if (known) expect(known.charge, context()).toBe(seen.charge);
        else model.analyses.set(seen.id, { charge: seen.charge, dream: action.dream, key: action.key });
      }
    }
    for (const [i, action] of step.entries()) {
      const seen = observed[i]!;
      if (!isAnalysisAction(action) || seen.kind !== 'done') continue;
      const known = models[action.user]!.analyses.get(seen.id);
      expect(known, `an analysis nobody completed was answered: ${context()}`).toBeDefined();
      expect(known!.charge, context()).toBe(seen.charge);
      expect(known!.dream, context()).toBe(dreamOf(action));
      expect(known!.key, context()).toBe(action.key);
    }

    // A cancel that lost its race left its analysis stored: adopt it, as the database shows it.
    for (const index of [0, 1] as const) {
      const model = models[index]!;
      const racers = step.filter(
        (action, i): action is Extract<Action, { kind: 'cancelRace' }> =>
          action.kind === 'cancelRace' && action.user === index && observed[i]!.kind === 'aborted',
      );
      const unknown = (await analysesOf(model.user.id)).filter((row) => !model.analyses.has(row.id));
      expect(unknown.length, `analyses stored that no request completed: ${context()}`).toBeLessThanOrEqual(
        racers.length,
      );
      for (const row of unknown) {
        const racer = racers.find(
          (action) => model.dreams[action.dream] === row.dream_id && action.key === row.idempotency_key,
        );
        expect(
          racer,
          `stored analysis ${JSON.stringify(row)} matches no cancelled request: ${context()}`,
        ).toBeDefined();
        expect(row.provider).toBe('builtin');
        racers.splice(racers.indexOf(racer!), 1);
        exercised.add('stored after its cancel');
        model.analyses.set(row.id, { charge: row.charge as AnalysisCharge, dream: racer!.dream, key: racer!.key });
      }
    }

    // Plans: the last writer wins; it must be one of the plans asked for.
    for (const index of [0, 1] as const) {
      const asked = step.flatMap((action) => (action.kind === 'plan' && action.user === index ? [action.plan] : []));
      if (asked.length === 0) continue;
      const [row] = await queryRows<{ plan: PlanId }>(
        database.db,
        sql`select plan from profiles where user_id = ${models[index]!.user.id}`,
      );
      expect(asked, context()).toContain(row!.plan);
      models[index]!.plan = row!.plan;
    }

    // A lone analysis has exactly one right outcome.
    if (expected) {
      const action = step[0] as AnalysisAction;
      const seen = observed[0]!;
      const model = models[action.user]!;
      switch (expected.kind) {
        case 'replay':
          expect(seen, context()).toEqual({
            kind: 'done',
            id: expected.id,
            charge: model.analyses.get(expected.id)!.charge,
          });
          expect(model.analyses.size, context()).toBe(before[action.user]!.analyses.size);
          break;
        case 'charged':
          expect(seen, context()).toMatchObject({ kind: 'done', charge: expected.charge });
          expect(before[action.user]!.analyses.has((seen as { id: string }).id), context()).toBe(false);
          break;
        case 'aborted':
          expect(seen.kind, context()).toBe('aborted');
          break;
        case 'raced': {
          const added = [...model.analyses.entries()].filter(([id]) => !before[action.user]!.analyses.has(id));
          expect(added.length, context()).toBeLessThanOrEqual(1);
          if (added[0]) expect(added[0][1].charge, context()).toBe(expected.charge);
          expect(['done', 'aborted'], context()).toContain(seen.kind);
          break;
        }
        default:
          expect(seen, context()).toEqual(expected);
      }
    }

    // Several at once: whatever the interleaving, each answer must be one the state allowed at some point.
    for (const index of [0, 1] as const) {
      const mine = step.flatMap((action, i) => (action.user === index ? [{ action, seen: observed[i]! }] : []));
      if (mine.length === 0) continue;
      const model = models[index]!;
      const previous = before[index]!;
      for (const { action, seen } of mine) {
        if (!isAnalysisAction(action)) continue;
        if (seen.kind === 'conflict') expect(action.key, context()).not.toBeNull();
        if (seen.kind === 'failed') {
          const code =
            action.kind === 'fail' ? FAILURE_CODE[action.fate] : action.kind === 'timeout' ? 'provider_timeout' : null;
          expect(seen.code, `an analysis failed that should not: ${context()}`).toBe(code);
        }
        if (seen.kind === 'aborted') expect(['cancel', 'cancelRace'], context()).toContain(action.kind);
      }
      if (mine.some(({ action }) => action.kind === 'plan')) continue;
      const limit = PLAN_QUOTAS[model.plan];
      const usedBefore = [...previous.analyses.values()].filter((a) => a.charge === 'quota').length;
      const creditsBefore = [...previous.analyses.values()].filter((a) => a.charge === 'credits').length;
      const quotaTaken = quotaUsed(model) - usedBefore;
      const creditsTaken = creditCharges(model) - creditsBefore;
      if (limit === null) {
        expect(creditsTaken, `credits spent on an unlimited plan: ${context()}`).toBe(0);
      } else {
        expect(quotaTaken, `quota beyond the limit: ${context()}`).toBeLessThanOrEqual(Math.max(0, limit - usedBefore));
        if (creditsTaken > 0)
          expect(quotaUsed(model), `credits spent before the quota: ${context()}`).toBeGreaterThanOrEqual(limit);
      }
      if (mine.some(({ seen }) => seen.kind === 'refused')) {
        expect(limit, `refused on an unlimited plan: ${context()}`).not.toBeNull();
        expect(quotaUsed(model), `refused with quota left: ${context()}`).toBeGreaterThanOrEqual(limit!);
        const isGrantedNow = mine.some(({ seen }) => seen.kind === 'granted' && seen.isGranted);
        if (!isGrantedNow) expect(balanceOf(model), `refused with credits left: ${context()}`).toBeLessThan(COST);
      }
    }
  }

  /** The database and the API against the model, for one user. */
  async function checkUser(model: UserModel, label: string) {
    const userId = model.user.id;
    const [ledger, usage, analyses] = await Promise.all([
      queryRows<{ id: string; amount: number; reason: string; analysis_id: string | null; idempotency_key: string }>(
        database.db,
        sql`select id, amount, reason, analysis_id, idempotency_key from credit_ledger where user_id = ${userId} order by created_at, id`,
      ),
      queryRows<{ analysis_id: string; charge: string; month: string }>(
        database.db,
        sql`select analysis_id, charge, month from analysis_usage where user_id = ${userId}`,
      ),
      analysesOf(userId),
    ]);
    const rewardRows = ledger.filter((row) => REWARD_REASONS.has(row.reason));
    model.rewards = rewardRows.reduce((sum, row) => sum + row.amount, 0);
    const balance = balanceOf(model);

    // The ledger: never below zero at any row, in the order the API reports it; its sum is the model's balance.
    let running = 0;
    const runningSums = ledger.map((row) => (running += row.amount));
    expect(Math.min(0, ...runningSums), `${label}: the ledger dips below zero: ${JSON.stringify(ledger)}`).toBe(0);
    expect(running, label).toBe(balance);
    expect(balance, label).toBeGreaterThanOrEqual(0);

    // Its rows: one welcome bonus, the grants written, and one -cost row per analysis paid in credits.
    expect(
      ledger.filter((row) => row.reason === 'welcome_bonus').map((row) => row.amount),
      label,
    ).toEqual([WELCOME]);
    const grants = ledger.filter((row) => row.reason === 'operator_grant');
    expect(Object.fromEntries(grants.map((row) => [row.idempotency_key.split(':').at(-1), row.amount])), label).toEqual(
      Object.fromEntries(model.grants),
    );
    const debits = ledger.filter((row) => row.reason === 'analysis');
    expect(ledger.length, `${label}: rows of an unknown reason`).toBe(
      1 + grants.length + debits.length + rewardRows.length,
    );
    const paidInCredits = [...model.analyses.entries()].filter(([, a]) => a.charge === 'credits').map(([id]) => id);
    expect(debits.map((row) => row.analysis_id).sort(), `${label}: credit charges`).toEqual(paidInCredits.sort());
    for (const row of debits) expect(row.amount, label).toBe(-COST);

    // Stored analyses are exactly those the client was told about (or a cancel kept), each charged once.
    expect(
      Object.fromEntries(
        analyses.map((row) => [row.id, { charge: row.charge, dream: row.dream_id, key: row.idempotency_key }]),
      ),
      `${label}: stored analyses`,
    ).toEqual(
      Object.fromEntries(
        [...model.analyses.entries()].map(([id, a]) => [
          id,
          { charge: a.charge, dream: model.dreams[a.dream], key: a.key },
        ]),
      ),
    );
    expect(
      usage.map((row) => `${row.analysis_id}:${row.charge}:${row.month}`).sort(),
      `${label}: quota usage rows`,
    ).toEqual([...model.analyses.entries()].map(([id, a]) => `${id}:${a.charge}:${MONTH}`).sort());

    // The API says the same.
    const summary = (await api(apps.builtin, model.user).get('/credits')).json<CreditsSummary>();
    expect(summary, label).toEqual({
      balance,
      quota: {
        plan: model.plan,
        limit: PLAN_QUOTAS[model.plan],
        used: quotaUsed(model),
        month: MONTH,
        resetsOn: '2099-12-01',
      },
      analysisCost: COST,
      nextCharge: nextCharge(model),
    });
    const items: LedgerEntry[] = [];
    for (let cursor: string | null = ''; cursor !== null;) {
      const res = await api(apps.builtin, model.user).get(
        `/credits/ledger?limit=100${cursor ? `&cursor=${cursor}` : ''}`,
      );
      const page: { items: LedgerEntry[]; nextCursor: string | null } = res.json();
      items.push(...page.items);
      cursor = page.nextCursor;
    }
    expect(
      items.map((item) => [item.id, item.amount, item.balanceAfter]).reverse(),
      `${label}: the API's ledger and running balance`,
    ).toEqual(ledger.map((row, i) => [row.id, row.amount, runningSums[i]]));
  }

  /**
   * The run's two users seen from the tables' side: no charge or usage row without its stored analysis of the same
   * user, no analysis charged other than once, no row of one user pointing at the other's analysis.
   */
  async function checkUsersTogether(models: UserModel[]) {
    const [first, second] = models.map((model) => model.user.id);
    const ours = (column: SQL) => sql`${column} in (${first}, ${second})`;
    const orphans = await queryRows(
      database.db,
      sql`select l.id, l.user_id, l.analysis_id from credit_ledger l
          where ${ours(sql`l.user_id`)} and l.reason = 'analysis' and not exists (
            select 1 from dream_analyses a where a.id = l.analysis_id and a.user_id = l.user_id and a.charge = 'credits')`,
    );
    expect(orphans, 'credit charges without their stored analysis').toEqual([]);
    const usageOrphans = await queryRows(
      database.db,
      sql`select u.analysis_id from analysis_usage u where ${ours(sql`u.user_id`)} and not exists (
            select 1 from dream_analyses a where a.id = u.analysis_id and a.user_id = u.user_id and a.charge = u.charge)`,
    );
    expect(usageOrphans, 'quota usage without its stored analysis').toEqual([]);
    const crossed = await queryRows(
      database.db,
      sql`select a.id, a.user_id, l.user_id as ledger_user, u.user_id as usage_user from dream_analyses a
          left join credit_ledger l on l.analysis_id = a.id
          left join analysis_usage u on u.analysis_id = a.id
          where (${ours(sql`a.user_id`)} or ${ours(sql`l.user_id`)} or ${ours(sql`u.user_id`)})
            and (l.user_id <> a.user_id or u.user_id <> a.user_id)`,
    );
    expect(crossed, "rows charging one user for the other's analysis").toEqual([]);
    const unpaid = await queryRows(
      database.db,
      sql`select a.id from dream_analyses a where ${ours(sql`a.user_id`)} and (
            (select count(*) from analysis_usage u where u.analysis_id = a.id) <> 1
            or (select count(*) from credit_ledger l where l.analysis_id = a.id)
              <> (case when a.charge = 'credits' then 1 else 0 end))`,
    );
    expect(unpaid, 'analyses not charged exactly once').toEqual([]);
  }

  it('never goes negative, never charges without a stored analysis, and its balance is the sum of its rows', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (steps) => {
        const models = [await newUser(), await newUser()];
        for (const [i, step] of steps.entries()) {
          await runStep(models, step);
          for (const [index, model] of models.entries()) await checkUser(model, `user ${index} after step ${i}`);
          await checkUsersTogether(models);
        }
      }),
      // Shrinking a failure against a real server is slow: report the smallest case found in the time left. Beside the
      // random runs, one fixed scenario reaches the rarest path for sure (one key reused for another dream: 'conflict'),
      // which 15 random runs missed about once in a few dozen.
      {
        numRuns: NUM_RUNS,
        seed: SEED,
        interruptAfterTimeLimit: 200_000,
        examples: [[[[REUSE_KEY('okA')], [REUSE_KEY('okB')]]]],
      },
    );
    // Runs that never reached a path prove nothing about it: the generator must keep reaching each one.
    expect([...exercised]).toEqual(
      expect.arrayContaining([
        'aborted',
        'charged credits',
        'charged quota',
        'conflict',
        'failed',
        'granted',
        'not granted',
        'refused',
      ]),
    );
  }, 240_000);
});
