// What the chat's services need besides the request context, and the sends in flight each user has reserved.

import type { RaritySampleCache } from '../patterns/similar.service.ts';
import type { ChatProvider } from './chat.provider.ts';

/** What the chat's services need besides the request context. */
export interface ChatDeps {
  provider: ChatProvider;
  reservations: ChatReservations;
  /** Oracle's messages per day in the user's zone (CHAT_FAIR_USE_PER_DAY). */
  fairUsePerDay: number;
  /** The similar dreams' rarity sample (modules/patterns), shared by the journal context. */
  samples: RaritySampleCache;
}

/**
 * Sends in flight per user on this instance: a send reserves its place under the user's lock before any provider
 * call, so sends at once cannot pass the limit together; the stored usage row replaces the reservation at the
 * commit, which counts again under the same lock (another instance's sends are caught there).
 */
export class ChatReservations {
  private readonly counts = new Map<string, number>();
  count(userId: string): number {
    return this.counts.get(userId) ?? 0;
  }
  take(userId: string) {
    this.counts.set(userId, this.count(userId) + 1);
  }
  release(userId: string) {
    const left = this.count(userId) - 1;
    if (left > 0) this.counts.set(userId, left);
    else this.counts.delete(userId);
  }
}
