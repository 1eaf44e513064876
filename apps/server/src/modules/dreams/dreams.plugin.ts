import type { FastifyBaseLogger } from 'fastify';
import type { AppInstance, JobOutcome } from '../../app.types.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { createSearchReindexer, REINDEX_JOB } from './dreams.reindex.ts';
import { purgeExpiredDreams, tryTakePurgeLock } from './dreams.repository.ts';
import { dreamsRoutes } from './dreams.routes.ts';

const PURGE_INTERVAL_MS = 60_000;

/**
 * The sweeper's PostgreSQL advisory lock: held by one batch's transaction at a time, across every instance on the
 * database. An instance that finds it taken at the start of its sweep skips that sweep (another one is sweeping).
 */
export const PURGE_LOCK_KEY = 'sonhario:job:purge_deleted_dreams';

export interface PurgeSweeper {
  /** One sweep now (batch after batch until nothing is left); concurrent calls share the running one. */
  sweep(): Promise<JobOutcome>;
  /** Stops the timer and waits for a running sweep, so the database can close under it. */
  stop(): Promise<void>;
}

/** Hard-deletes soft-deleted dreams whose undo window has passed, every `intervalMs`, off the request path. */
export function startPurgeSweeper(options: {
  db: DbOrTx;
  now: () => Date;
  log: FastifyBaseLogger;
  intervalMs: number;
  metrics?: Metrics;
}): PurgeSweeper {
  let running: Promise<JobOutcome> | undefined;
  /** One batch under the lock: the rows removed, or null when another instance holds it. */
  const batch = () =>
    options.db.transaction(async (tx) => {
      if (!(await tryTakePurgeLock(tx, PURGE_LOCK_KEY))) return null;
      return purgeExpiredDreams(tx, options.now());
    });
  const sweep = () => {
    running ??= (async (): Promise<JobOutcome> => {
      let outcome: JobOutcome = 'ok';
      try {
        let removed = await batch();
        if (removed === null) outcome = 'skipped';
        while (removed) removed = await batch();
      } catch (error) {
        outcome = 'failed';
        options.log.warn({ err: error }, 'purging deleted dreams failed');
      } finally {
        running = undefined;
      }
      options.metrics?.jobRuns.inc({ job: 'purge_deleted_dreams', outcome });
      return outcome;
    })();
    return running;
  };
  const timer = setInterval(() => void sweep(), options.intervalMs);
  // A pending sweep must not keep the process alive.
  timer.unref();
  return {
    sweep,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}

/**
 * The journal: its routes, the sweeper that purges deleted dreams (delete and restore also purge lazily), and the
 * search reindex, one pass when the app is ready (not awaited: the server answers meanwhile; decision 079).
 */
export async function dreamsPlugin(app: AppInstance) {
  // Dreams are private: no shared cache may keep them.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const sweeper = startPurgeSweeper({
    db: app.deps.database.db,
    now: app.deps.now,
    log: app.log,
    intervalMs: PURGE_INTERVAL_MS,
    metrics: app.deps.metrics,
  });
  app.deps.jobs.set('purge_deleted_dreams', () => sweeper.sweep());
  app.addHook('onClose', () => sweeper.stop());

  const reindexer = createSearchReindexer({
    db: app.deps.database.db,
    keys: app.deps.keys,
    log: app.log,
    metrics: app.deps.metrics,
  });
  app.deps.jobs.set(REINDEX_JOB, () => reindexer.run());
  app.addHook('onReady', async () => {
    void reindexer.run();
  });
  app.addHook('onClose', () => reindexer.stop());

  await app.register(dreamsRoutes);
}
