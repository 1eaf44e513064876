import { z } from 'zod';
import type { PlanId } from './profile.ts';

/** The plans with pattern features (similar dreams; issue 16): Dreamer gets 403 plan_required. */
export const PATTERN_PLANS: readonly PlanId[] = ['lucid', 'oracle'];
export const hasPatterns = (plan: PlanId) => PATTERN_PLANS.includes(plan);

/** At most this many similar dreams are answered. */
export const SIMILAR_DREAMS_LIMIT = 5;

/** One of the user's dreams most like the one asked about, and why. */
export const similarDreamSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  dreamtOn: z.iso.date(),
  excerpt: z.string(),
  /** How alike, 0–1 (the rarity-weighted share of this dream's words found in the other, with tags and symbols). */
  score: z.number().min(0).max(1),
  /** Words of the asked-about dream that the other dream holds too, rarest in the journal first. */
  sharedWords: z.array(z.string()),
  /** Symbols both dreams' latest analyses name (empty unless both were analysed). */
  sharedSymbols: z.array(z.string()),
});
export type SimilarDream = z.infer<typeof similarDreamSchema>;

/** GET /dreams/:id/similar: most alike first, at most SIMILAR_DREAMS_LIMIT. */
export const similarDreamsResponseSchema = z.object({ items: z.array(similarDreamSchema) });
export type SimilarDreamsResponse = z.infer<typeof similarDreamsResponseSchema>;
