import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { isTransaction, type Database, type DbOrTx, type Tx } from './db/client.ts';
import type { KeyRing } from './modules/keys/keys.service.ts';

/**
 * What every service function receives first: who is asking (already authenticated), the database handle (the
 * app's, or an open transaction), the clock, the users' keys and the request's logger. One type for all services,
 * as openstatus's services take theirs; a service that needs something more (the analysis provider, the stats
 * cache, the configuration) takes it as an explicit parameter. The auth module keeps its own (auth.context.ts).
 */
export interface RequestContext {
  db: DbOrTx;
  userId: string;
  now: () => Date;
  keys: KeyRing;
  log: FastifyBaseLogger;
}

/** The context of a request that passed the /api/v1 authentication hook. */
export function requestContext(
  deps: { database: Database; now: () => Date; keys: KeyRing },
  request: FastifyRequest,
): RequestContext {
  return { db: deps.database.db, userId: request.auth.userId, now: deps.now, keys: deps.keys, log: request.log };
}

/**
 * Runs `fn` in a transaction, with the same context whose `db` is the transaction. Called with a context already
 * in one, it reuses it (no savepoint): a service that writes in several steps opens its transaction this way, and
 * when another service calls it from inside its own transaction, all the steps commit or roll back together.
 */
export async function withTransaction<C extends { db: DbOrTx }, T>(
  ctx: C,
  fn: (ctx: C & { db: Tx }) => Promise<T>,
): Promise<T> {
  if (isTransaction(ctx.db)) return fn(ctx as C & { db: Tx });
  return ctx.db.transaction((tx) => fn({ ...ctx, db: tx }));
}
