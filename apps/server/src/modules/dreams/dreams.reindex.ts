import type { FastifyBaseLogger } from 'fastify';
import type { JobOutcome } from '../../app.types.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { UserKeys } from '../keys/keys.crypto.ts';
import type { KeyRing } from '../keys/keys.service.ts';
import type { Metrics } from '../metrics/metrics.ts';
import {
  listStaleDreams,
  lockStaleDreams,
  touchJournalSignatures,
  writeSearchTokens,
} from './dreams.reindex.repository.ts';
import { openField } from './dreams.sealing.ts';
import { documentTokens, SEARCH_INDEX_VERSION } from './dreams.search.ts';

// The search reindex (decision 079): when the stems change (SEARCH_INDEX_VERSION), every dream whose tokens were made
// with an older version gets new ones, opened and keyed again with its owner's keys. It runs once per start of each
// instance, off the request path, in batches; a dream is rewritten at most once, whichever instance gets to it first.

export const REINDEX_JOB = 'reindex_search';
const BATCH_SIZE = 200;
/** Below every uuid: where a pass starts walking the rows left to rewrite. */
const FIRST_ID = '00000000-0000-0000-0000-000000000000';

export interface ReindexResult {
  /** Dreams whose tokens this pass rewrote. */
  rewritten: number;
  /** Dreams left as they were: their owner's key or a field could not be opened (the next start tries again). */
  failed: number;
}

/**
 * One pass over the dreams whose tokens are older than SEARCH_INDEX_VERSION. Idempotent (a rewritten row no longer
 * matches), resumable (what a stopped pass rewrote stays rewritten; the rest is found again), and safe beside other
 * instances and the user's own edits: each batch locks its rows `for update skip locked` and rewrites only those
 * still stale, so a row another instance or an edit holds is left to it. Keys are fetched before the batch's
 * transaction, never inside one (decision 006).
 */
export async function reindexSearchTokens(options: {
  db: DbOrTx;
  keys: KeyRing;
  log: FastifyBaseLogger;
  batchSize?: number;
  shouldStop?: () => boolean;
}): Promise<ReindexResult> {
  const { db, log } = options;
  const batchSize = options.batchSize ?? BATCH_SIZE;
  const result: ReindexResult = { rewritten: 0, failed: 0 };
  let afterId = FIRST_ID;
  while (!options.shouldStop?.()) {
    const candidates = await listStaleDreams(db, afterId, batchSize);
    const last = candidates.at(-1);
    if (!last) break;
    afterId = last.id;

    const keysOf = new Map<string, UserKeys>();
    for (const userId of new Set(candidates.map((row) => row.userId))) {
      try {
        keysOf.set(userId, await options.keys.forUser(userId));
      } catch (error) {
        log.warn({ err: error }, 'search reindex: a user key could not be opened; their dreams keep their tokens');
      }
    }
    const ids = candidates.filter((row) => keysOf.has(row.userId)).map((row) => row.id);
    result.failed += candidates.length - ids.length;
    if (ids.length === 0) continue;

    const touched = new Set<string>();
    await db.transaction(async (tx) => {
      const rows = await lockStaleDreams(tx, ids);
      for (const row of rows) {
        const keys = keysOf.get(row.userId);
        if (!keys) continue;
        let tokens: string[];
        try {
          const open = (field: 'title' | 'content' | 'notes', blob: Buffer) =>
            openField(keys, row.userId, row.id, field, blob);
          tokens = documentTokens(keys.index, [
            open('title', row.titleEnc),
            open('content', row.contentEnc),
            row.notesEnc ? open('notes', row.notesEnc) : null,
          ]);
        } catch (error) {
          result.failed += 1;
          log.warn({ err: error }, 'search reindex: a dream could not be opened; it keeps its tokens');
          continue;
        }
        await writeSearchTokens(tx, row.id, tokens);
        touched.add(row.userId);
        result.rewritten += 1;
      }
    });
    // The journal's signature moves, so every instance's answers and rarity samples built on the old tokens are
    // computed again (patterns/answer-cache.ts, similar.service.ts). After the commit, in a statement of its own:
    // no lock on the aggregates row is held while dream rows are.
    await touchJournalSignatures(db, [...touched]);
  }
  return result;
}

export interface SearchReindexer {
  /** A pass now; concurrent calls share the running one. */
  run(): Promise<JobOutcome>;
  /** Stops after the running batch and waits for it, so the database can close under it. */
  stop(): Promise<void>;
}

/** The reindex as the app runs it: one pass at start (not awaited by it), and on demand through `app.deps.jobs`. */
export function createSearchReindexer(options: {
  db: DbOrTx;
  keys: KeyRing;
  log: FastifyBaseLogger;
  metrics?: Metrics;
}): SearchReindexer {
  let running: Promise<JobOutcome> | undefined;
  let stopped = false;
  const run = () => {
    running ??= (async (): Promise<JobOutcome> => {
      let outcome: JobOutcome = 'ok';
      try {
        const result = await reindexSearchTokens({ ...options, shouldStop: () => stopped });
        if (result.rewritten > 0 || result.failed > 0)
          options.log.info({ ...result, version: SEARCH_INDEX_VERSION }, 'search reindex pass done');
      } catch (error) {
        outcome = 'failed';
        options.log.warn({ err: error }, 'search reindex failed; the next start goes on');
      } finally {
        running = undefined;
      }
      options.metrics?.jobRuns.inc({ job: REINDEX_JOB, outcome });
      return outcome;
    })();
    return running;
  };
  return {
    run,
    stop: async () => {
      stopped = true;
      await running;
    },
  };
}
