import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AnalysisProvider } from '../analyses/providers/provider.ts';
import { ProviderError } from '../ai/provider-error.ts';

/** The connection pool's counts (PostgreSQL through `pg`; the in-process PGlite has none). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/**
 * The server's own series, in a registry per app (tests build many apps in one process). Created only when
 * METRICS_TOKEN is set: otherwise nothing is counted and no hook is added.
 */
export interface Metrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status_class'>;
  httpDuration: Histogram<'method' | 'route' | 'status_class'>;
  providerCalls: Counter<'provider'>;
  providerFailures: Counter<'provider' | 'kind'>;
  jobRuns: Counter<'job' | 'outcome'>;
}

export function createMetrics(options: { poolStats?: () => PoolStats } = {}): Metrics {
  const registry = new Registry();
  const labels = ['method', 'route', 'status_class'] as const;
  const metrics: Metrics = {
    registry,
    httpRequests: new Counter({
      name: 'sonhario_http_requests_total',
      help: 'HTTP requests answered, by route pattern and status class',
      labelNames: labels,
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: 'sonhario_http_request_duration_seconds',
      help: 'Time to answer an HTTP request (to the end of the reply), by route pattern and status class',
      labelNames: labels,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    }),
    providerCalls: new Counter({
      name: 'sonhario_ai_provider_calls_total',
      help: 'Calls to the analysis provider',
      labelNames: ['provider'],
      registers: [registry],
    }),
    providerFailures: new Counter({
      name: 'sonhario_ai_provider_failures_total',
      help: 'Failed calls to the analysis provider, by kind (timeout, rate_limited, failed, refused, aborted, …)',
      labelNames: ['provider', 'kind'],
      registers: [registry],
    }),
    jobRuns: new Counter({
      name: 'sonhario_job_runs_total',
      help: 'Runs of scheduled jobs, by outcome (ok, failed, skipped: another instance holds the job)',
      labelNames: ['job', 'outcome'],
      registers: [registry],
    }),
  };
  const poolStats = options.poolStats;
  if (poolStats) {
    const pool = (name: string, help: string, read: (stats: PoolStats) => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read(poolStats()));
        },
      });
    pool('sonhario_db_pool_connections', 'Connections the database pool holds', (s) => s.total);
    pool('sonhario_db_pool_idle_connections', 'Idle connections in the database pool', (s) => s.idle);
    pool('sonhario_db_pool_waiting_requests', 'Queries waiting for a connection from the pool', (s) => s.waiting);
  }
  return metrics;
}

/** Process metrics (CPU, memory, event loop, GC, handles): one registry for the process, however many apps it builds. */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: 'sonhario_' });
  }
  return processRegistry;
}

/** Counts the provider's calls and failures; the provider itself is unchanged. */
export function instrumentProvider(provider: AnalysisProvider, metrics: Metrics | undefined): AnalysisProvider {
  if (!metrics) return provider;
  const analyze: AnalysisProvider['analyze'] = async (...args) => {
    metrics.providerCalls.inc({ provider: provider.id });
    try {
      return await provider.analyze(...args);
    } catch (error) {
      metrics.providerFailures.inc({
        provider: provider.id,
        kind: error instanceof ProviderError ? error.failure : 'failed',
      });
      throw error;
    }
  };
  return { id: provider.id, model: provider.model, isGenerative: provider.isGenerative, analyze };
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares a presented bearer token with the configured one in constant time (both hashed to the same length). */
export function isMetricsToken(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer (.+)$/i.exec(authorization ?? '');
  const presented = match?.[1]?.trim() ?? '';
  return timingSafeEqual(digest(presented), digest(token)) && presented.length > 0;
}

export interface MetricsPluginOptions {
  /** METRICS_TOKEN; unset, GET /metrics answers 404 and nothing is counted. */
  token: string | undefined;
  metrics: Metrics | undefined;
}

/**
 * GET /metrics in Prometheus' text format, outside the /api/v1 scope and the OpenAPI document. Registered before
 * the routes (not encapsulated), so its onResponse hook sees every request.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, options: MetricsPluginOptions) => {
    const { token, metrics } = options;
    if (metrics) {
      app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
        const route = request.routeOptions.url ?? '(unmatched)';
        if (route === '/metrics') return;
        const labels = {
          method: request.method,
          route,
          status_class: `${Math.floor(reply.statusCode / 100)}xx`,
        };
        metrics.httpRequests.inc(labels);
        metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
      });
    }
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!token || !metrics) {
        return reply.status(404).send({ code: 'not_found', message: 'Route GET /metrics not found' });
      }
      if (!isMetricsToken(request.headers.authorization, token)) {
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .send({ code: 'unauthorized', message: 'GET /metrics needs Authorization: Bearer <METRICS_TOKEN>.' });
      }
      const text = [await processMetrics().metrics(), await metrics.registry.metrics()].join('\n');
      return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(text);
    });
  },
  { name: 'metrics' },
);
