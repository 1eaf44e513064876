import { z } from 'zod';
import { dreamSchema } from './dreams.ts';
import { PLANS, type PlanId } from './profile.ts';

/**
 * Streaks, rewards, achievements and levels (docs/decisions/026). Every amount, threshold and catalogue entry lives
 * here, shared by the server (which grants) and the web (which shows what there is to earn).
 */

/** Credits, each earned once through the credit ledger under its own idempotency key. */
export const REWARD_RULES = {
  /** The first dream recorded on a calendar day (the user's zone); backdating does not matter, importing earns none. */
  firstDreamOfDay: 1,
  /** Streak milestones (consecutive days): days → credits, each earned once per account. */
  streakMilestones: [
    { days: 3, credits: 5 },
    { days: 7, credits: 10 },
    { days: 14, credits: 20 },
    { days: 30, credits: 50 },
    { days: 60, credits: 100 },
    { days: 100, credits: 200 },
  ],
  /** Lucid and Oracle: claimed once per local day, and never twice within `dailyBonusMinHours`. */
  dailyBonus: 5,
  dailyBonusMinHours: 20,
  /** Lucid and Oracle: one freeze per this many consecutive days, at most `maxFreezesHeld` held. */
  freezeEveryDays: 7,
  maxFreezesHeld: 2,
} as const;

/** Plans with the full gamification (every achievement, levels, freezes, the daily bonus; decisions 026 and 078). */
export const FULL_GAMIFICATION_PLANS: readonly PlanId[] = ['lucid', 'oracle'];
export const hasFullGamification = (plan: PlanId) => FULL_GAMIFICATION_PLANS.includes(plan);

/** Experience points: earned by journaling, computed from the journal's facts (so deleting a dream takes its XP back). */
export const XP_RULES = {
  /** Per live dream. */
  dream: 10,
  /** Per live dream with every detail filled (mood, vividness, sleep quality, an emotion, a tag). */
  detailedDream: 5,
  /** Per analysis of a live dream. */
  analysis: 5,
  /** Per recorded day (a day with a dream; no-recall nights and freezes earn none). */
  streakDay: 3,
} as const;

/** XP needed to reach each level: level n (1-based) starts at LEVEL_THRESHOLDS[n - 1]. */
export const LEVEL_THRESHOLDS = [0, 100, 300, 600, 1000, 1600, 2500, 3800, 5500, 8000] as const;

/** What an achievement counts. `streak` ones come from recorded days only (never from an import). */
export const ACHIEVEMENT_KINDS = [
  'dreams',
  'lucid_dreams',
  'streak',
  'nightmares',
  'nightmares_analysed',
  'recurring_dreams',
  'distinct_tags',
  'full_month',
  'detailed_dreams',
  'analyses',
  'night_owl',
] as const;
export type AchievementKind = (typeof ACHIEVEMENT_KINDS)[number];

export interface AchievementDefinition {
  id: string;
  kind: AchievementKind;
  /** How many of `kind` it takes (1 for a first time; a month with a dream every night is 1). */
  target: number;
  credits: number;
  /**
   * Earned on every plan, Dreamer included, with its credits: the streak ones and the starter ones (a first dream, a
   * first lucid dream, a first analysis; docs/decisions/078). The rest need Lucid or Oracle ("full gamification").
   */
  isOnEveryPlan: boolean;
}

/** The first times of what every plan has (recording, lucidity, an analysis): open to Dreamer (decision 078). */
export const STARTER_ACHIEVEMENT_IDS: readonly string[] = ['first_dream', 'first_lucid', 'first_analysis'];

const achievement = (id: string, kind: AchievementKind, target: number, credits: number): AchievementDefinition => ({
  id,
  kind,
  target,
  credits,
  isOnEveryPlan: kind === 'streak' || STARTER_ACHIEVEMENT_IDS.includes(id),
});

/**
 * The catalogue, in the order the grid shows it. Names and descriptions are in the web's locales
 * (`rewards.achievements.<id>.name` / `.description`). Streak achievements pay no credits: their milestones do.
 */
export const ACHIEVEMENTS = [
  achievement('first_dream', 'dreams', 1, 5),
  achievement('dreams_10', 'dreams', 10, 5),
  achievement('dreams_50', 'dreams', 50, 10),
  achievement('dreams_100', 'dreams', 100, 20),
  achievement('dreams_365', 'dreams', 365, 50),
  achievement('first_lucid', 'lucid_dreams', 1, 5),
  achievement('lucid_10', 'lucid_dreams', 10, 20),
  achievement('streak_7', 'streak', 7, 0),
  achievement('streak_30', 'streak', 30, 0),
  achievement('streak_100', 'streak', 100, 0),
  achievement('first_nightmare', 'nightmares', 1, 2),
  achievement('nightmare_analysed', 'nightmares_analysed', 1, 5),
  achievement('recurring_marked', 'recurring_dreams', 1, 5),
  achievement('tags_10', 'distinct_tags', 10, 5),
  achievement('full_month', 'full_month', 1, 30),
  achievement('detailed_10', 'detailed_dreams', 10, 10),
  achievement('first_analysis', 'analyses', 1, 5),
  achievement('analyses_25', 'analyses', 25, 20),
  achievement('analyses_100', 'analyses', 100, 50),
  achievement('night_owl', 'night_owl', 1, 5),
] as const satisfies readonly AchievementDefinition[];
export type AchievementId = (typeof ACHIEVEMENTS)[number]['id'];
export const ACHIEVEMENT_IDS = ACHIEVEMENTS.map((a) => a.id) as [AchievementId, ...AchievementId[]];

/** `night_owl`: a dream recorded (not imported) between midnight and this hour, local time. */
export const NIGHT_OWL_BEFORE_HOUR = 5;

// --- API shapes -----------------------------------------------------------------------------------------------------

const day = z.iso.date();

/** What saving a dream earned (POST /dreams answers it beside the dream; all zero for an import or a retry). */
export const rewardOutcomeSchema = z.object({
  /** Credits granted by this save, in all. */
  credits: z.number().int(),
  isFirstDreamOfDay: z.boolean(),
  /** The streak milestone reached by this save (days), if any. */
  milestone: z.number().int().nullable(),
  achievements: z.array(z.enum(ACHIEVEMENT_IDS)),
  /** A freeze earned by this save (Lucid and Oracle). */
  isFreezeEarned: z.boolean(),
  /** The current streak after the save. */
  streak: z.number().int(),
});
export type RewardOutcome = z.infer<typeof rewardOutcomeSchema>;

/** POST /dreams: the dream and what saving it earned (201; a retry with the same key answers 200, nothing earned). */
export const createDreamResponseSchema = dreamSchema.extend({ rewards: rewardOutcomeSchema });
export type CreateDreamResponse = z.infer<typeof createDreamResponseSchema>;

export const CALENDAR_DAY_KINDS = ['recorded', 'no_recall', 'freeze'] as const;
export type CalendarDayKind = (typeof CALENDAR_DAY_KINDS)[number];

export const achievementStateSchema = z.object({
  id: z.enum(ACHIEVEMENT_IDS),
  /** Null until earned; earned achievements stay earned (a deleted dream or a downgrade takes none back). */
  earnedAt: z.iso.datetime({ offset: true }).nullable(),
  /** Progress toward the target, capped at it. */
  progress: z.number().int(),
  target: z.number().int(),
  credits: z.number().int(),
  /** True when the user's plan cannot earn it (Dreamer: any but the streak and starter achievements). */
  isLocked: z.boolean(),
});
export type AchievementState = z.infer<typeof achievementStateSchema>;

/** GET /rewards: everything the 'Conquistas' page and the dashboard's streak card show. */
export const rewardsResponseSchema = z.object({
  plan: z.enum(PLANS),
  today: day,
  streak: z.object({
    current: z.number().int(),
    longest: z.number().int(),
    /** A dream recorded today (local). */
    isTodayRecorded: z.boolean(),
    /** Today marked as a night without a recalled dream. */
    isTodayNoRecall: z.boolean(),
    /** The next milestone not yet earned, or null when all are. */
    nextMilestone: z.object({ days: z.number().int(), credits: z.number().int() }).nullable(),
  }),
  freezes: z.object({
    /** Whether the plan earns freezes (Lucid, Oracle). */
    isAvailable: z.boolean(),
    held: z.number().int(),
    max: z.number().int(),
  }),
  /** The last 12 months (from the first day of the month 11 months ago to today): the days that count. */
  calendar: z.object({
    from: day,
    to: day,
    days: z.array(z.object({ day, kind: z.enum(CALENDAR_DAY_KINDS) })),
  }),
  /** Null on Dreamer (levels come with Lucid and Oracle). */
  level: z
    .object({
      level: z.number().int(),
      xp: z.number().int(),
      /** XP where this level starts and the next one does (null at the top level). */
      levelStartXp: z.number().int(),
      nextLevelXp: z.number().int().nullable(),
    })
    .nullable(),
  achievements: z.array(achievementStateSchema),
  dailyBonus: z.object({
    isAvailable: z.boolean(),
    amount: z.number().int(),
    /** Whether it can be claimed now. */
    canClaim: z.boolean(),
    /** When it can next be claimed (null when it can now, or the plan has none). */
    nextClaimAt: z.iso.datetime({ offset: true }).nullable(),
  }),
});
export type RewardsResponse = z.infer<typeof rewardsResponseSchema>;

/** POST /rewards/daily-bonus (201). */
export const dailyBonusResponseSchema = z.object({
  amount: z.number().int(),
  balance: z.number().int(),
  nextClaimAt: z.iso.datetime({ offset: true }),
});
export type DailyBonusResponse = z.infer<typeof dailyBonusResponseSchema>;

/**
 * POST /rewards/no-recall marks today (local) as a night without a recalled dream; DELETE /rewards/no-recall undoes
 * it. Such a night keeps the streak and counts for nothing else: no credits, no XP, no milestone (the next recorded
 * dream that reaches one earns it).
 */
export const noRecallResponseSchema = z.object({
  day,
  isMarked: z.boolean(),
  streak: z.number().int(),
});
export type NoRecallResponse = z.infer<typeof noRecallResponseSchema>;
