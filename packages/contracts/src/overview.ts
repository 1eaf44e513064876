import { z } from 'zod';
import { dreamListItemSchema } from './dreams.ts';

/** GET /me/overview: the dashboard's numbers and latest dreams. */
export const overviewResponseSchema = z.object({
  dreamCount: z.number().int(),
  analysisCount: z.number().int(),
  currentStreak: z.number().int(),
  longestStreak: z.number().int(),
  /** Whether a dream was recorded today in the user's time zone (today already counts for the streak). */
  isTodayRecorded: z.boolean(),
  recent: z.array(dreamListItemSchema),
});
export type OverviewResponse = z.infer<typeof overviewResponseSchema>;
