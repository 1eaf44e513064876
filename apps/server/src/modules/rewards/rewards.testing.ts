import type { PlanId } from '@sonhario/contracts/profile';
import {
  ACHIEVEMENTS,
  type AchievementId,
  type CreateDreamResponse,
  type RewardsResponse,
} from '@sonhario/contracts/rewards';
import type { CreateDreamInput } from '@sonhario/contracts/dreams';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../../test/harness.ts';
import { api, contextFor, queryRows, signUpUser, type TestUser } from '../dreams/dreams.testing.ts';
import { setPlan } from '../profile/profile.service.ts';

/** What an achievement pays (the catalogue in packages/contracts/rewards.ts). */
export const creditsOfAchievement = (id: AchievementId) => ACHIEVEMENTS.find((a) => a.id === id)?.credits ?? 0;

/** A test clock the app reads (createTestApp's `now`), moved by the tests. */
export function testClock(start: string) {
  let now = new Date(start);
  return {
    now: () => now,
    set: (at: string) => {
      now = new Date(at);
    },
  };
}

type Clock = ReturnType<typeof testClock>;

/** A user of the rewards tests: signed up in `timeZone` on `plan`, with helpers that place requests at instants. */
export async function rewardsUser(t: TestApp, clock: Clock, options: { timeZone: string; plan?: PlanId }) {
  const user = await signUpUser(t, { isConsenting: true });
  const profile = await api(t, user).patch('/me/profile', { timeZone: options.timeZone });
  if (profile.statusCode !== 200) throw new Error(`profile failed: ${profile.body}`);
  if (options.plan) await setPlan(contextFor(t, user.id), options.plan);
  return rewardsHelpers(t, clock, user);
}

function rewardsHelpers(t: TestApp, clock: Clock, user: TestUser) {
  const at = (instant: string) => {
    clock.set(instant);
    return api(t, user);
  };
  return {
    user,
    at,
    /** POST /dreams at `instant` (last night unless `dreamtOn` says otherwise). */
    async dream(instant: string, body: Partial<CreateDreamInput> = {}): Promise<CreateDreamResponse> {
      const res = await at(instant).post('/dreams', { content: `Sonho de ${instant}`, emotions: [], ...body });
      if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
      return res.json<CreateDreamResponse>();
    },
    async rewards(instant: string): Promise<RewardsResponse> {
      const res = await at(instant).get('/rewards');
      if (res.statusCode !== 200) throw new Error(`rewards failed: ${res.statusCode} ${res.body}`);
      return res.json<RewardsResponse>();
    },
    setPlan: (plan: PlanId) => setPlan(contextFor(t, user.id), plan),
    /** The user's reward rows of the ledger: reason, amount, key (rows of one instant by reason: their ids are random). */
    ledger: () =>
      queryRows<{ reason: string; amount: number; key: string }>(
        t.database.db,
        sql`select reason, amount, idempotency_key as key from credit_ledger
            where user_id = ${user.id} and reason <> 'welcome_bonus' order by created_at, reason, amount`,
      ),
  };
}
