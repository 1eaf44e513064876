import { apiErrorSchema } from '@sonhario/contracts/errors';
import {
  deletePushSubscriptionSchema,
  pushPublicKeySchema,
  pushSubscriptionSchema,
  reminderSettingsSchema,
  remindersResponseSchema,
  testNotificationResponseSchema,
} from '@sonhario/contracts/reminders';
import { z } from 'zod';
import type { AppInstance } from '../../app.types.ts';
import { requestContext } from '../../context.ts';
import { RateLimitError } from '../../errors.ts';
import { createPushSender, type PushSender } from './push.sender.ts';
import { startReminderScheduler } from './reminders.scheduler.ts';
import {
  getReminders,
  saveReminders,
  sendTestNotification,
  subscribeToPush,
  unsubscribeFromPush,
} from './reminders.service.ts';

/** The VAPID contact: VAPID_SUBJECT, else a mailto: of SMTP_FROM's address. */
function vapidSubject(env: { VAPID_SUBJECT?: string; SMTP_FROM: string }): string {
  if (env.VAPID_SUBJECT) return env.VAPID_SUBJECT;
  const address = /<([^>]+)>/.exec(env.SMTP_FROM)?.[1] ?? env.SMTP_FROM;
  return `mailto:${address.trim()}`;
}

/** Reminders by Web Push (issue 18, docs/decisions/037): subscriptions, settings, the test, and the scheduler. */
export async function remindersPlugin(app: AppInstance, options: { sender?: PushSender } = {}) {
  const { config, secrets } = app.deps;
  const env = config.env;
  const isLoopbackAllowed = env.PUSH_ALLOW_LOOPBACK || env.NODE_ENV === 'test';
  const sender =
    options.sender ??
    createPushSender(
      { subject: vapidSubject(env), publicKey: secrets.vapid.publicKey, privateKey: secrets.vapid.privateKey },
      { isLoopbackAllowed },
    );
  const scheduler = startReminderScheduler({
    database: app.deps.database,
    keys: app.deps.keys,
    sender,
    now: app.deps.now,
    log: app.log,
    intervalMs: env.REMINDER_INTERVAL_MS,
    metrics: app.deps.metrics,
  });
  app.deps.jobs.set('send_reminders', () => scheduler.tick());
  app.addHook('onClose', () => scheduler.stop());
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const security = [{ bearerAuth: [] }];

  app.get(
    '/push/public-key',
    {
      schema: {
        tags: ['reminders'],
        summary: "The server's VAPID public key (applicationServerKey for PushManager.subscribe)",
        security,
        response: { 200: pushPublicKeySchema, 401: apiErrorSchema },
      },
    },
    async () => ({ publicKey: secrets.vapid.publicKey }),
  );

  app.post(
    '/push/subscriptions',
    {
      schema: {
        tags: ['reminders'],
        summary: "Register this browser's push subscription",
        description:
          'The endpoint must be https on the standard port, at a known push service or a host name resolving only to ' +
          'public addresses (400 `validation_failed` otherwise); endpoint and keys are sealed ' +
          'with the user key. The same endpoint again refreshes its keys. At most 10 devices.',
        security,
        body: pushSubscriptionSchema,
        response: { 204: z.null(), 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await subscribeToPush(requestContext(app.deps, request), request.body, { isLoopbackAllowed });
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/push/subscriptions',
    {
      schema: {
        tags: ['reminders'],
        summary: "Forget this browser's push subscription (permission revoked, reminders turned off here)",
        security,
        body: deletePushSubscriptionSchema,
        response: { 204: z.null(), 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await unsubscribeFromPush(requestContext(app.deps, request), request.body.endpoint);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/reminders',
    {
      schema: {
        tags: ['reminders'],
        summary:
          'Reminder settings (local times in the profile time zone), devices subscribed, the next morning reminder',
        security,
        response: { 200: remindersResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => getReminders(requestContext(app.deps, request)),
  );

  app.put(
    '/reminders',
    {
      schema: {
        tags: ['reminders'],
        summary: 'Save reminder settings; each reminder is scheduled at its next occurrence',
        security,
        body: reminderSettingsSchema,
        response: { 200: remindersResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => saveReminders(requestContext(app.deps, request), request.body),
  );

  app.post(
    '/reminders/test',
    {
      schema: {
        tags: ['reminders'],
        summary: "'Testar notificação': one notification now to each of the caller's devices",
        description:
          'Answers how many push services accepted it and how many gone subscriptions were removed (404/410).',
        security,
        response: { 200: testNotificationResponseSchema, 401: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      if (!(await app.rateLimits.consume('push:test', request, reply)).allowed) throw new RateLimitError();
      return sendTestNotification(requestContext(app.deps, request), sender);
    },
  );
}
