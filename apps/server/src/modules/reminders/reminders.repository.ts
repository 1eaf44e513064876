import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { pushSubscriptions, reminderSchedule, reminderSettings } from '../../db/schema/reminders.ts';

export type ReminderSettingsRow = typeof reminderSettings.$inferSelect;
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type ReminderKind = 'morning' | 'reality';

// --- subscriptions -------------------------------------------------------------------------------------------------

/**
 * Serializes one user's writes to their reminder state (subscriptions, settings, schedule, and the profile's time zone
 * that places the schedule) until the transaction ends: an advisory lock, as credits and pins take theirs, since the
 * first subscription or settings have no row to lock yet (docs/decisions/067). Taken first, before any other write.
 */
export async function lockReminderState(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`reminders:${userId}`}, 0))`);
}

export async function findPushSubscriptionByHash(
  db: DbOrTx,
  userId: string,
  endpointHash: string,
): Promise<PushSubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpointHash, endpointHash)))
    .limit(1);
  return row;
}

export async function insertPushSubscription(db: DbOrTx, row: typeof pushSubscriptions.$inferInsert): Promise<void> {
  await db.insert(pushSubscriptions).values(row);
}

/** A browser resubscribing with the same endpoint: its keys sealed again, against the row's own id. */
export async function updatePushSubscriptionSeal(
  db: DbOrTx,
  userId: string,
  id: string,
  subscriptionEnc: Buffer,
): Promise<void> {
  await db
    .update(pushSubscriptions)
    .set({ subscriptionEnc })
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.id, id)));
}

export async function deletePushSubscriptionByHash(db: DbOrTx, userId: string, endpointHash: string): Promise<boolean> {
  const deleted = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpointHash, endpointHash)))
    .returning({ id: pushSubscriptions.id });
  return deleted.length > 0;
}

export async function deletePushSubscriptionById(db: DbOrTx, userId: string, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.id, id)));
}

export function listPushSubscriptionRows(db: DbOrTx, userId: string): Promise<PushSubscriptionRow[]> {
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt));
}

export async function countPushSubscriptions(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return row?.n ?? 0;
}

export async function markPushSubscriptionsSent(db: DbOrTx, userId: string, ids: string[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(pushSubscriptions)
    .set({ lastSentAt: at })
    .where(and(eq(pushSubscriptions.userId, userId), inArray(pushSubscriptions.id, ids)));
}

// --- settings and schedule -----------------------------------------------------------------------------------------

export async function findReminderSettings(db: DbOrTx, userId: string): Promise<ReminderSettingsRow | undefined> {
  const [row] = await db.select().from(reminderSettings).where(eq(reminderSettings.userId, userId)).limit(1);
  return row;
}

export async function upsertReminderSettings(db: DbOrTx, row: ReminderSettingsRow): Promise<void> {
  const { userId: _userId, ...set } = row;
  await db.insert(reminderSettings).values(row).onConflictDoUpdate({ target: reminderSettings.userId, set });
}

/** Replaces the user's whole schedule (settings saved: times, counts or switches changed). */
export async function replaceSchedule(
  db: DbOrTx,
  userId: string,
  rows: { kind: ReminderKind; slot: number; fireAt: Date }[],
): Promise<void> {
  await db.delete(reminderSchedule).where(eq(reminderSchedule.userId, userId));
  if (rows.length > 0) await db.insert(reminderSchedule).values(rows.map((row) => ({ ...row, userId })));
}

export async function findNextFire(db: DbOrTx, userId: string, kind: ReminderKind): Promise<Date | null> {
  const [row] = await db
    .select({ fireAt: reminderSchedule.fireAt })
    .from(reminderSchedule)
    .where(and(eq(reminderSchedule.userId, userId), eq(reminderSchedule.kind, kind)))
    .orderBy(asc(reminderSchedule.fireAt))
    .limit(1);
  return row?.fireAt ?? null;
}

export interface DueReminder {
  userId: string;
  kind: ReminderKind;
  slot: number;
  fireAt: Date;
  timeZone: string;
  locale: string;
  settings: ReminderSettingsRow | null;
}

/**
 * Due schedule rows, locked for this transaction; rows another instance has locked are skipped (it is sending them),
 * so each due row is taken by one instance. With the user's zone and locale, and their settings.
 */
export async function claimDueReminders(tx: DbOrTx, now: Date, limit: number): Promise<DueReminder[]> {
  const due = await tx
    .select({
      userId: reminderSchedule.userId,
      kind: reminderSchedule.kind,
      slot: reminderSchedule.slot,
      fireAt: reminderSchedule.fireAt,
    })
    .from(reminderSchedule)
    .where(lte(reminderSchedule.fireAt, now))
    .orderBy(asc(reminderSchedule.fireAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  if (due.length === 0) return [];
  const userIds = [...new Set(due.map((row) => row.userId))];
  const [settings, zones] = await Promise.all([
    tx.select().from(reminderSettings).where(inArray(reminderSettings.userId, userIds)),
    tx
      .select({ userId: profiles.userId, timeZone: profiles.timeZone, locale: profiles.locale })
      .from(profiles)
      .where(inArray(profiles.userId, userIds)),
  ]);
  const settingsOf = new Map(settings.map((row) => [row.userId, row]));
  const profileOf = new Map(zones.map((row) => [row.userId, row]));
  return due.map((row) => ({
    ...row,
    kind: row.kind as ReminderKind,
    timeZone: profileOf.get(row.userId)?.timeZone ?? 'America/Sao_Paulo',
    locale: profileOf.get(row.userId)?.locale ?? 'pt-BR',
    settings: settingsOf.get(row.userId) ?? null,
  }));
}

export async function moveScheduleRow(
  tx: DbOrTx,
  row: { userId: string; kind: ReminderKind; slot: number },
  fireAt: Date | null,
): Promise<void> {
  const where = and(
    eq(reminderSchedule.userId, row.userId),
    eq(reminderSchedule.kind, row.kind),
    eq(reminderSchedule.slot, row.slot),
  );
  if (fireAt) await tx.update(reminderSchedule).set({ fireAt }).where(where);
  else await tx.delete(reminderSchedule).where(where);
}
