import type { ReminderSettings } from '@sonhario/contracts/reminders';
import type { DbOrTx } from '../../db/client.ts';
import {
  findReminderSettings,
  replaceSchedule,
  type ReminderKind,
  type ReminderSettingsRow,
} from './reminders.repository.ts';
import { nextDailyAt, nextRealityCheck } from './reminders.schedule.ts';

/** The settings a row holds, in the contract's shape. */
export const settingsOfRow = (row: ReminderSettingsRow): ReminderSettings => ({
  morning: { isEnabled: row.isMorningEnabled, time: row.morningTime },
  realityChecks: {
    isEnabled: row.isRealityCheckEnabled,
    count: row.realityCheckCount,
    from: row.realityCheckFrom,
    to: row.realityCheckTo,
  },
});

/** Every reminder the settings ask for, at its next occurrence after `now` in `timeZone`. */
export function planSchedule(
  settings: ReminderSettings,
  now: Date,
  timeZone: string,
): { kind: ReminderKind; slot: number; fireAt: Date }[] {
  const rows: { kind: ReminderKind; slot: number; fireAt: Date }[] = [];
  if (settings.morning.isEnabled) {
    rows.push({ kind: 'morning', slot: 0, fireAt: nextDailyAt(now, settings.morning.time, timeZone) });
  }
  if (settings.realityChecks.isEnabled) {
    for (let slot = 0; slot < settings.realityChecks.count; slot += 1) {
      rows.push({ kind: 'reality', slot, fireAt: nextRealityCheck(now, settings.realityChecks, slot, timeZone) });
    }
  }
  return rows;
}

/**
 * Rebuilds a user's schedule from their stored settings (settings saved, or the profile's time zone changed: a
 * morning at 07:00 is 07:00 where the user now is). Nothing to do for a user who never set reminders.
 */
export async function rescheduleReminders(db: DbOrTx, userId: string, now: Date, timeZone: string): Promise<void> {
  const row = await findReminderSettings(db, userId);
  if (!row) return;
  await replaceSchedule(db, userId, planSchedule(settingsOfRow(row), now, timeZone));
}
