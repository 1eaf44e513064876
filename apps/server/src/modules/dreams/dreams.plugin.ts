import type { FastifyBaseLogger } from 'fastify';
import type { AppInstance } from '../../app.ts';
import type { DbOrTx } from '../../db/client.ts';
import { purgeExpiredDreams } from './dreams.repository.ts';
import { dreamsRoutes } from './dreams.routes.ts';

const PURGE_INTERVAL_MS = 60_000;

export interface PurgeSweeper {
  /** One sweep now (batch after batch until nothing is left); concurrent calls share the running one. */
  sweep(): Promise<void>;
  /** Stops the timer and waits for a running sweep, so the database can close under it. */
  stop(): Promise<void>;
}

/** Hard-deletes soft-deleted dreams whose undo window has passed, every `intervalMs`, off the request path. */
export function startPurgeSweeper(options: {
  db: DbOrTx;
  now: () => Date;
  log: FastifyBaseLogger;
  intervalMs: number;
}): PurgeSweeper {
  let running: Promise<void> | undefined;
  const sweep = () => {
    running ??= (async () => {
      try {
        while ((await purgeExpiredDreams(options.db, options.now())) > 0) {
          // the next batch
        }
      } catch (error) {
        options.log.warn({ err: error }, 'purging deleted dreams failed');
      } finally {
        running = undefined;
      }
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

/** The journal: its routes, and the sweeper that purges deleted dreams (delete and restore also purge lazily). */
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
  });
  app.addHook('onClose', () => sweeper.stop());

  await app.register(dreamsRoutes);
}
