import { CREDIT_RULES } from '@sonhario/contracts/credits';
import { REWARD_RULES } from '@sonhario/contracts/rewards';
import type { AnalysisStreamEvent } from '@sonhario/contracts/analyses';
import { analysisStreamEventSchema } from '@sonhario/contracts/analyses';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../../test/harness.ts';
import { queryRows } from '../dreams/dreams.testing.ts';
import { creditsOfAchievement } from '../rewards/rewards.testing.ts';

/** Parses a complete text/event-stream body into contract events (heartbeat comments skipped). */
export function parseEventStream(body: string): AnalysisStreamEvent[] {
  return body
    .split('\n\n')
    .filter((frame) => frame.trim() && !frame.startsWith(':'))
    .map((frame) => {
      const fields = Object.fromEntries(
        frame
          .split('\n')
          .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trimStart()]),
      );
      return analysisStreamEventSchema.parse({ event: fields.event, data: JSON.parse(fields.data ?? 'null') });
    });
}

/** What the database holds for a user's money: ledger rows, quota usage rows and stored analyses. */
/**
 * A new user's balance after a dream of last night, on any plan: the welcome bonus, the day's first dream and the
 * 'Primeiro sonho' achievement (modules/rewards, decision 078).
 */
export const BALANCE_AFTER_FIRST_DREAM =
  CREDIT_RULES.welcomeBonus + REWARD_RULES.firstDreamOfDay + creditsOfAchievement('first_dream');

/** Then a first analysis paid by the month's quota: the 'Primeira análise' achievement on top (any plan). */
export const BALANCE_AFTER_FIRST_ANALYSIS = BALANCE_AFTER_FIRST_DREAM + creditsOfAchievement('first_analysis');

export async function moneyOf(t: TestApp, userId: string) {
  const [ledger, usage, analyses] = await Promise.all([
    queryRows<{ amount: number; reason: string }>(
      t.database.db,
      sql`select amount, reason from credit_ledger where user_id = ${userId} order by created_at, id`,
    ),
    queryRows<{ charge: string; month: string }>(
      t.database.db,
      sql`select charge, month from analysis_usage where user_id = ${userId} order by created_at`,
    ),
    queryRows<{ id: string }>(t.database.db, sql`select id from dream_analyses where user_id = ${userId}`),
  ]);
  return {
    balance: ledger.reduce((sum, row) => sum + row.amount, 0),
    ledger,
    usage,
    analyses: analyses.length,
  };
}
