import type { Profile, UpdateProfileInput } from '@sonhario/contracts/profile';
import { PLANS, type PlanId, LOCALES, THEMES } from '@sonhario/contracts/profile';
import { withTransaction, type RequestContext } from '../../context.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import { findUserById } from '../auth/auth.repository.ts';
import { insertPlanChange } from '../billing/billing.repository.ts';
import { rescheduleReminders } from '../reminders/reminders.plan.ts';
import { lockReminderState } from '../reminders/reminders.repository.ts';
import {
  findProfile,
  insertDefaultProfile,
  isTimeZoneKnownToDatabase,
  updateProfileRow,
  type ProfilePatch,
  type ProfileRow,
} from './profile.repository.ts';

const oneOf = <T extends string>(list: readonly T[], value: string, fallback: T): T =>
  (list as readonly string[]).includes(value) ? (value as T) : fallback;

function toProfile(row: ProfileRow): Profile {
  return {
    timeZone: row.timeZone,
    isTimeZoneSet: row.isTimeZoneSet,
    locale: oneOf(LOCALES, row.locale, 'pt-BR'),
    theme: oneOf(THEMES, row.theme, 'dark'),
    plan: oneOf<PlanId>(PLANS, row.plan, 'dreamer'),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The user's profile row, created with the defaults on first access. */
async function loadProfile(ctx: Pick<RequestContext, 'db' | 'userId' | 'now'>): Promise<ProfileRow> {
  const existing = await findProfile(ctx.db, ctx.userId);
  if (existing) return existing;
  await insertDefaultProfile(ctx.db, ctx.userId);
  const created = await findProfile(ctx.db, ctx.userId);
  if (!created) throw new Error('profile missing right after it was created');
  return created;
}

export async function getProfile(ctx: RequestContext): Promise<Profile> {
  return toProfile(await loadProfile(ctx));
}

/** The zone that decides the user's "today" (streaks) and "last night" (a new dream's date). */
export async function getTimeZone(ctx: RequestContext): Promise<string> {
  return (await loadProfile(ctx)).timeZone;
}

/** Intl accepts any case ("america/sao_paulo"); store the canonical spelling. */
function canonicalTimeZone(timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
}

export async function updateProfile(ctx: RequestContext, input: UpdateProfileInput): Promise<Profile> {
  const patch: ProfilePatch = {};
  if (input.timeZone !== undefined) {
    const timeZone = canonicalTimeZone(input.timeZone);
    // Asked before the transaction: the database refusing the zone would abort it.
    if (!(await isTimeZoneKnownToDatabase(ctx.db, timeZone))) {
      throw new ValidationError('Fuso horário desconhecido', [
        { path: 'body.timeZone', message: 'Fuso horário desconhecido' },
      ]);
    }
    patch.timeZone = timeZone;
    patch.isTimeZoneSet = true;
  }
  if (input.locale !== undefined) patch.locale = input.locale;
  if (input.theme !== undefined) patch.theme = input.theme;
  if (Object.keys(patch).length === 0) return getProfile(ctx);
  return withTransaction(ctx, async (tx) => {
    // Reminders are at local times: a new zone moves them (docs/decisions/037), in the same transaction, taking turns
    // with the user's other writers of reminder state (saving settings, another zone change; decision 067). The lock
    // comes first, before the profile row is written, as every holder of it takes it.
    if (patch.timeZone) await lockReminderState(tx.db, tx.userId);
    await loadProfile(tx);
    const row = await updateProfileRow(tx.db, tx.userId, patch, tx.now());
    if (!row) throw new Error('profile missing during update');
    if (patch.timeZone) await rescheduleReminders(tx.db, tx.userId, tx.now(), row.timeZone);
    return toProfile(row);
  });
}

/**
 * The one way a plan changes: the profile's plan and a plan_changes row (the export's plan history) in one
 * transaction. `source` says who decided it: the operator, or Stripe (modules/billing, from the subscription's
 * `status`).
 */
export async function changePlan(
  ctx: Pick<RequestContext, 'db' | 'userId' | 'now'>,
  plan: PlanId,
  reason: { source: 'stripe' | 'operator'; status: string },
): Promise<Profile> {
  return withTransaction(ctx, async (tx) => {
    await loadProfile(tx);
    const at = tx.now();
    const row = await updateProfileRow(tx.db, tx.userId, { plan }, at);
    if (!row) throw new Error('profile missing right after it was loaded');
    await insertPlanChange(tx.db, { userId: tx.userId, plan, status: reason.status, source: reason.source, at });
    return toProfile(row);
  });
}

/**
 * An operator changes a user's plan (admin API or `npm run admin -- set-plan`), recorded as source `operator`.
 * Reads only the database and the clock of the context: the CLI has no key ring or request logger.
 */
export async function setPlan(ctx: Pick<RequestContext, 'db' | 'userId' | 'now'>, plan: PlanId): Promise<Profile> {
  if (!(await findUserById(ctx.db, ctx.userId))) throw new NotFoundError('Usuário não encontrado');
  return changePlan(ctx, plan, { source: 'operator', status: 'operator' });
}
