import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { StatsCache } from './modules/analyses/analyses.service.ts';
import type { AnalysisProvider } from './modules/analyses/providers/provider.ts';
import type { KeyRing } from './modules/keys/keys.service.ts';
import type { Metrics } from './modules/metrics/metrics.ts';
import type { PatternAnswerCache } from './modules/patterns/answer-cache.ts';
import type { RaritySampleCache } from './modules/patterns/similar.service.ts';
import type { Secrets } from './secrets.ts';

// The app's types, apart from app.ts: the routes and plugins app.ts registers import these, not the file that imports
// them, so no import cycle runs through app.ts, types counted (issue 33; tooling/import-cycles.ts checks it).

/** What a scheduled job's run did: `skipped` when another instance (or process) was running it. */
export type JobOutcome = 'ok' | 'skipped' | 'failed';

export interface AppDeps {
  config: Config;
  secrets: Secrets;
  database: Database;
  /** Users' encryption and search keys (the only holder of unwrapped keys). */
  keys: KeyRing;
  /** The clock services read; tests replace it to place dreams at chosen instants. */
  now: () => Date;
  /** The analysis provider AI_PROVIDER chose (builtin unless configured). */
  analysisProvider: AnalysisProvider;
  /** Users' analysis aggregates, cached per instance (account deletion must `forget` the user). */
  analysisStats: StatsCache;
  /** Users' pattern answers (charts, dream signs), cached per instance (account deletion must `forget` the user). */
  patternAnswers: PatternAnswerCache;
  /**
   * Users' rarity samples for similar dreams and the chat (blind tokens and counts), cached per instance (account
   * deletion must `forget` the user).
   */
  raritySamples: RaritySampleCache;
  /** Prometheus series (GET /metrics), only when METRICS_TOKEN is set. */
  metrics?: Metrics;
  /** The scheduled jobs by name (each also runs on its own timer): tests and the several-instances check run them. */
  jobs: Map<string, () => Promise<JobOutcome>>;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export type AppInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
