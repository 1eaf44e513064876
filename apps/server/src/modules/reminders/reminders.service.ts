import { randomUUID } from 'node:crypto';
import {
  DEFAULT_REMINDER_SETTINGS,
  pushSubscriptionSchema,
  type PushPayload,
  type PushSubscriptionInput,
  type ReminderSettings,
  type RemindersResponse,
} from '@sonhario/contracts/reminders';
import { withTransaction, type RequestContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import { checkOutboundUrl, OutboundUrlRefusedError } from '../../lib/outbound-url.ts';
import { blindToken } from '../dreams/dreams.search.ts';
import { openText, sealText, type UserKeys } from '../keys/keys.crypto.ts';
import type { KeyRing } from '../keys/keys.service.ts';
import { getProfile } from '../profile/profile.service.ts';
import { pushEndpointPolicy, type PushSender } from './push.sender.ts';
import { planSchedule, settingsOfRow } from './reminders.plan.ts';
import {
  countPushSubscriptions,
  deletePushSubscriptionByHash,
  deletePushSubscriptionById,
  findNextFire,
  findPushSubscriptionByHash,
  findReminderSettings,
  insertPushSubscription,
  listPushSubscriptionRows,
  lockReminderState,
  markPushSubscriptionsSent,
  replaceSchedule,
  updatePushSubscriptionSeal,
  upsertReminderSettings,
  type PushSubscriptionRow,
} from './reminders.repository.ts';

// Reminders by Web Push (issue 18, docs/decisions/037).

/** Devices one user may register (a phone, a tablet, a few browsers); the oldest is not dropped, the new one refused. */
const MAX_PUSH_SUBSCRIPTIONS = 10;

const NOTIFICATION_URL = '/app/dreams/new';

const TEXTS = {
  'pt-BR': {
    morning: { title: 'Registre seu sonho', body: 'Anote agora, antes que ele se apague.' },
    reality: { title: 'Estou sonhando?', body: 'Olhe para as suas mãos e leia algo duas vezes.' },
    test: { title: 'Notificação de teste', body: 'Seus lembretes vão chegar assim.' },
  },
  en: {
    morning: { title: 'Record your dream', body: 'Write it down now, before it fades.' },
    reality: { title: 'Am I dreaming?', body: 'Look at your hands and read something twice.' },
    test: { title: 'Test notification', body: 'This is how your reminders will arrive.' },
  },
} as const;

export function notificationFor(kind: PushPayload['kind'], locale: string): PushPayload {
  const texts = locale === 'en' ? TEXTS.en : TEXTS['pt-BR'];
  return { kind, ...texts[kind], url: NOTIFICATION_URL, tag: `sonhario-${kind}` };
}

// --- subscriptions -------------------------------------------------------------------------------------------------

const subscriptionAad = (userId: string, id: string) => `push-subscription:${id}|user:${userId}`;
const endpointHashOf = (keys: UserKeys, endpoint: string) => blindToken(keys.index, `push-endpoint:${endpoint}`);

/**
 * The endpoint and keys a row seals, or null when they cannot be read: sealed against another row or user, damaged,
 * or not a subscription. Such a row can never reach its device; the caller drops it rather than fail the request.
 */
function openSubscription(keys: UserKeys, row: PushSubscriptionRow): PushSubscriptionInput | null {
  try {
    const parsed = pushSubscriptionSchema.safeParse(
      JSON.parse(openText(keys.encryption, row.subscriptionEnc, subscriptionAad(row.userId, row.id))),
    );
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * A push service's endpoint (lib/outbound-url.ts, docs/decisions/066): https on the standard port, to a known push
 * service or a name that resolves only to public addresses. The server posts to it, so nothing may aim it into the
 * operator's network; plain http to loopback only for tests and local stand-ins (PUSH_ALLOW_LOOPBACK, NODE_ENV=test).
 * The sender checks again at each send.
 */
async function checkPushEndpoint(endpoint: string, isLoopbackAllowed: boolean): Promise<void> {
  try {
    await checkOutboundUrl(endpoint, pushEndpointPolicy({ isLoopbackAllowed }));
  } catch (error) {
    if (!(error instanceof OutboundUrlRefusedError)) throw error;
    throw new ValidationError('O endereço de notificação deve ser https, num servidor de push', [
      { path: 'body.endpoint', message: `must be an https URL of a push service (${error.reason})` },
    ]);
  }
}

export async function subscribeToPush(
  ctx: RequestContext,
  input: PushSubscriptionInput,
  options: { isLoopbackAllowed: boolean },
): Promise<void> {
  await checkPushEndpoint(input.endpoint, options.isLoopbackAllowed);
  const keys = await ctx.keys.forUser(ctx.userId);
  const endpointHash = endpointHashOf(keys, input.endpoint);
  const sealed = JSON.stringify({
    endpoint: input.endpoint,
    keys: { p256dh: input.keys.p256dh, auth: input.keys.auth },
  });
  await withTransaction(ctx, async (tx) => {
    // One subscription of this user at a time (docs/decisions/067): the device's row, the count and the write are
    // read and made under the lock, so two calls for one device seal against the one row id that stays, and thirty
    // at once cannot pass the limit together.
    await lockReminderState(tx.db, ctx.userId);
    const existing = await findPushSubscriptionByHash(tx.db, ctx.userId, endpointHash);
    if (existing) {
      const subscriptionEnc = sealText(keys.encryption, sealed, subscriptionAad(ctx.userId, existing.id));
      await updatePushSubscriptionSeal(tx.db, ctx.userId, existing.id, subscriptionEnc);
      return;
    }
    if ((await countPushSubscriptions(tx.db, ctx.userId)) >= MAX_PUSH_SUBSCRIPTIONS) {
      throw new ValidationError(`No máximo ${String(MAX_PUSH_SUBSCRIPTIONS)} aparelhos recebem lembretes`);
    }
    const id = randomUUID();
    await insertPushSubscription(tx.db, {
      id,
      userId: ctx.userId,
      endpointHash,
      subscriptionEnc: sealText(keys.encryption, sealed, subscriptionAad(ctx.userId, id)),
      createdAt: ctx.now(),
    });
  });
}

/** Forgets the caller's subscription with this endpoint; another user's (or none) answers 404. */
export async function unsubscribeFromPush(ctx: RequestContext, endpoint: string): Promise<void> {
  const keys = await ctx.keys.forUser(ctx.userId);
  const isDeleted = await withTransaction(ctx, async (tx) => {
    await lockReminderState(tx.db, ctx.userId);
    return deletePushSubscriptionByHash(tx.db, ctx.userId, endpointHashOf(keys, endpoint));
  });
  if (!isDeleted) throw new NotFoundError('Inscrição não encontrada');
}

// --- settings --------------------------------------------------------------------------------------------------------

export async function getReminders(ctx: RequestContext): Promise<RemindersResponse> {
  const [profile, row, subscriptions, nextMorning] = await Promise.all([
    getProfile(ctx),
    findReminderSettings(ctx.db, ctx.userId),
    countPushSubscriptions(ctx.db, ctx.userId),
    findNextFire(ctx.db, ctx.userId, 'morning'),
  ]);
  return {
    settings: row ? settingsOfRow(row) : DEFAULT_REMINDER_SETTINGS,
    timeZone: profile.timeZone,
    subscriptions,
    nextMorningAt: nextMorning?.toISOString() ?? null,
  };
}

/**
 * Stores the settings and makes the schedule again from them (each reminder at its next occurrence from now), in the
 * zone read under the lock a time-zone change also takes: the schedule is always placed in the zone that is saved.
 * Answers the state this transaction wrote.
 */
export async function saveReminders(ctx: RequestContext, settings: ReminderSettings): Promise<RemindersResponse> {
  return withTransaction(ctx, async (tx) => {
    await lockReminderState(tx.db, ctx.userId);
    const { timeZone } = await getProfile(tx);
    const now = ctx.now();
    await upsertReminderSettings(tx.db, {
      userId: ctx.userId,
      isMorningEnabled: settings.morning.isEnabled,
      morningTime: settings.morning.time,
      isRealityCheckEnabled: settings.realityChecks.isEnabled,
      realityCheckCount: settings.realityChecks.count,
      realityCheckFrom: settings.realityChecks.from,
      realityCheckTo: settings.realityChecks.to,
      updatedAt: now,
    });
    await replaceSchedule(tx.db, ctx.userId, planSchedule(settings, now, timeZone));
    // One after the other: a transaction is one connection.
    const subscriptions = await countPushSubscriptions(tx.db, ctx.userId);
    const nextMorning = await findNextFire(tx.db, ctx.userId, 'morning');
    return { settings, timeZone, subscriptions, nextMorningAt: nextMorning?.toISOString() ?? null };
  });
}

// --- sending -----------------------------------------------------------------------------------------------------------

export interface DeliveryDeps {
  db: DbOrTx;
  keys: KeyRing;
  sender: PushSender;
  log: { warn(obj: object, msg: string): void };
}

/**
 * Sends one notification to every device of a user. A 404/410 from the push service deletes that subscription (the
 * browser revoked permission or dropped it). A user without subscriptions costs no key lookup.
 */
export async function deliverToUser(
  deps: DeliveryDeps,
  userId: string,
  payload: PushPayload,
  now: Date,
): Promise<{ sent: number; removed: number }> {
  const rows = await listPushSubscriptionRows(deps.db, userId);
  if (rows.length === 0) return { sent: 0, removed: 0 };
  const keys = await deps.keys.forUser(userId);
  const sentIds: string[] = [];
  let removed = 0;
  await Promise.all(
    rows.map(async (row) => {
      const subscription = openSubscription(keys, row);
      if (!subscription) {
        // It can never be sent to: dropped as a revoked one would be (the settings page sends this browser's
        // subscription again when it opens), logged by its row id only.
        deps.log.warn({ userId, subscriptionId: row.id }, 'unreadable push subscription dropped');
        removed += 1;
        await deletePushSubscriptionById(deps.db, userId, row.id);
        return;
      }
      const outcome = await deps.sender.send(subscription, payload);
      if (outcome.kind === 'sent') sentIds.push(row.id);
      else if (outcome.kind === 'gone') {
        removed += 1;
        await deletePushSubscriptionById(deps.db, userId, row.id);
      } else {
        // Never the endpoint (it identifies the device): the push service's answer only.
        deps.log.warn({ userId, status: outcome.status, reason: outcome.reason }, 'push notification not delivered');
      }
    }),
  );
  await markPushSubscriptionsSent(deps.db, userId, sentIds, now);
  return { sent: sentIds.length, removed };
}

/** 'Testar notificação': one notification now to each of the caller's devices. */
export async function sendTestNotification(ctx: RequestContext, sender: PushSender) {
  const { locale } = await getProfile(ctx);
  const deps = { db: ctx.db, keys: ctx.keys, sender, log: ctx.log };
  return deliverToUser(deps, ctx.userId, notificationFor('test', locale), ctx.now());
}

/** The export's `reminders` section: the settings and when each device was added (never its endpoint or keys). */
export async function exportReminders(ctx: RequestContext) {
  const [row, subscriptions] = await Promise.all([
    findReminderSettings(ctx.db, ctx.userId),
    listPushSubscriptionRows(ctx.db, ctx.userId),
  ]);
  return {
    settings: row ? settingsOfRow(row) : null,
    devices: subscriptions.map((subscription) => ({
      createdAt: subscription.createdAt.toISOString(),
      lastSentAt: subscription.lastSentAt?.toISOString() ?? null,
    })),
  };
}
