import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { addDays, localDate } from '../../lib/local-time.ts';
import type { JobOutcome } from '../../app.types.ts';
import type { KeyRing } from '../keys/keys.service.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { PushSender } from './push.sender.ts';
import { settingsOfRow } from './reminders.plan.ts';
import { claimDueReminders, moveScheduleRow, type DueReminder } from './reminders.repository.ts';
import { nextDailyAt, nextRealityCheck } from './reminders.schedule.ts';
import { deliverToUser, notificationFor } from './reminders.service.ts';

/** A reminder found later than this (the server was down) is not sent; the next one is scheduled (decision 037). */
const REMINDER_GRACE_MS = 2 * 3600_000;
const CLAIM_BATCH = 100;

export interface ReminderScheduler {
  /** Sends what is due now (batch after batch); concurrent calls share the running one. */
  tick(): Promise<JobOutcome>;
  /** Stops the timer and waits for a running tick, so the database can close under it. */
  stop(): Promise<void>;
}

/** Where a fired (or skipped) row moves: its next occurrence, or nowhere when the settings no longer ask for it. */
function nextFireOf(row: DueReminder, now: Date): Date | null {
  if (!row.settings) return null;
  const settings = settingsOfRow(row.settings);
  if (row.kind === 'morning') {
    return settings.morning.isEnabled ? nextDailyAt(now, settings.morning.time, row.timeZone) : null;
  }
  if (!settings.realityChecks.isEnabled || row.slot >= settings.realityChecks.count) return null;
  return nextRealityCheck(now, settings.realityChecks, row.slot, row.timeZone, {
    fromDate: addDays(localDate(row.fireAt, row.timeZone), 1),
  });
}

/**
 * Every instance runs one. A tick claims due rows in a transaction (FOR UPDATE SKIP LOCKED: rows another instance
 * holds are skipped), moves each to its next occurrence and commits; then sends. A row is thus taken once across
 * instances, and a crash between the commit and the send loses that one notification rather than sending it twice.
 */
export function startReminderScheduler(options: {
  database: Database;
  keys: KeyRing;
  sender: PushSender;
  now: () => Date;
  log: FastifyBaseLogger;
  intervalMs: number;
  metrics?: Metrics;
}): ReminderScheduler {
  const { database, log } = options;
  let running: Promise<JobOutcome> | undefined;

  const batch = async (now: Date) => {
    const claimed = await database.db.transaction(async (tx) => {
      const due = await claimDueReminders(tx, now, CLAIM_BATCH);
      const toSend: DueReminder[] = [];
      for (const row of due) {
        const next = nextFireOf(row, now);
        await moveScheduleRow(tx, row, next);
        // Still asked for (settings unchanged) and not too late.
        if (next !== null && now.getTime() - row.fireAt.getTime() <= REMINDER_GRACE_MS) toSend.push(row);
      }
      return { count: due.length, toSend };
    });
    for (const row of claimed.toSend) {
      try {
        await deliverToUser(
          { db: database.db, keys: options.keys, sender: options.sender, log },
          row.userId,
          notificationFor(row.kind, row.locale),
          now,
        );
      } catch (error) {
        log.warn({ err: error, userId: row.userId, kind: row.kind }, 'reminder not sent');
      }
    }
    return claimed.count;
  };

  const tick = () => {
    running ??= (async (): Promise<JobOutcome> => {
      let outcome: JobOutcome = 'ok';
      try {
        const now = options.now();
        while ((await batch(now)) === CLAIM_BATCH) {
          // a full batch: there may be more due
        }
      } catch (error) {
        outcome = 'failed';
        log.warn({ err: error }, 'sending reminders failed');
      } finally {
        running = undefined;
      }
      options.metrics?.jobRuns.inc({ job: 'send_reminders', outcome });
      return outcome;
    })();
    return running;
  };
  const timer = setInterval(() => void tick(), options.intervalMs);
  timer.unref();
  return {
    tick,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
