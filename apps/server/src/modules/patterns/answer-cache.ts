import { LRUCache } from 'lru-cache';
import type { RequestContext } from '../../context.ts';
import { findJournalSignature } from './similar.repository.ts';

/**
 * The patterns answers (charts, dream signs) kept per user while the journal does not change, per instance
 * (docs/decisions/030). Every journal write and every analysis bumps the user's aggregates row in its transaction, so
 * its signature (read by primary key first) says whether a kept answer still holds; `extra` adds what else the
 * answer depends on (the period and the user's today, the pins). A write between the signature read and the
 * computation at worst keeps a newer answer under the older signature, which the next request then recomputes: a
 * kept answer is never served once the journal changed. Answers hold opened titles and names: account deletion must
 * `forget` the user (modules/account), like the analysis stats.
 */
export class PatternAnswerCache {
  private readonly entries = new LRUCache<string, { signature: string; value: unknown }>({ max: 256 });
  /**
   * What was opened once and never changes, keyed `<user id>:<what>` (the names each stored analysis holds, for the
   * dream signs): kept across journal changes, forgotten with the user like the answers.
   */
  readonly opened = new LRUCache<string, object>({ max: 20_000 });

  async read<T>(ctx: RequestContext, name: string, extra: string, compute: () => Promise<T>): Promise<T> {
    const journal = await findJournalSignature(ctx.db, ctx.userId);
    if (journal === null) return compute();
    const key = `${ctx.userId}|${name}`;
    const signature = `${journal}|${extra}`;
    const kept = this.entries.get(key);
    if (kept && kept.signature === signature) return kept.value as T;
    const value = await compute();
    this.entries.set(key, { signature, value });
    return value;
  }

  forget(userId: string): void {
    for (const key of [...this.entries.keys()]) if (key.startsWith(`${userId}|`)) this.entries.delete(key);
    for (const key of [...this.opened.keys()]) if (key.startsWith(`${userId}:`)) this.opened.delete(key);
  }
}
