import { z } from 'zod';

// Reminders by Web Push (issue 18, docs/decisions/037): the morning 'Registre seu sonho' and the day's reality checks.

/** A local time of day, 'HH:MM' (00:00–23:59), in the user's profile time zone. */
export const localTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Hora inválida (use HH:MM)');

export const REMINDER_LIMITS = { realityChecksMin: 1, realityChecksMax: 12 } as const;

export const reminderSettingsSchema = z
  .object({
    morning: z.object({ isEnabled: z.boolean(), time: localTimeSchema }).strict(),
    realityChecks: z
      .object({
        isEnabled: z.boolean(),
        count: z.number().int().min(REMINDER_LIMITS.realityChecksMin).max(REMINDER_LIMITS.realityChecksMax),
        from: localTimeSchema,
        to: localTimeSchema,
      })
      .strict()
      .refine((value) => value.from < value.to, {
        message: 'O início da janela deve ser antes do fim',
        path: ['to'],
      }),
  })
  .strict();
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;

/** What a user has before choosing anything: both off. */
export const DEFAULT_REMINDER_SETTINGS: ReminderSettings = {
  morning: { isEnabled: false, time: '07:00' },
  realityChecks: { isEnabled: false, count: 3, from: '10:00', to: '20:00' },
};

/** GET /reminders: the settings, the zone they are read in, how many devices receive them, the next times. */
export const remindersResponseSchema = z.object({
  settings: reminderSettingsSchema,
  timeZone: z.string(),
  subscriptions: z.number().int(),
  nextMorningAt: z.iso.datetime({ offset: true }).nullable(),
});
export type RemindersResponse = z.infer<typeof remindersResponseSchema>;

/** GET /push/public-key: the server's VAPID application server key (base64url), for PushManager.subscribe. */
export const pushPublicKeySchema = z.object({ publicKey: z.string() });

/** POST /push/subscriptions: PushSubscription.toJSON()'s endpoint and keys (expirationTime is ignored). */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url().max(2048),
  keys: z.object({
    /** The browser's P-256 public key: 65 bytes, base64url. */
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{87}=?$/, 'Chave p256dh inválida'),
    /** The 16-byte authentication secret, base64url. */
    auth: z.string().regex(/^[A-Za-z0-9_-]{22}(==)?$/, 'Chave auth inválida'),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** DELETE /push/subscriptions: which one, by its endpoint. */
export const deletePushSubscriptionSchema = z.object({ endpoint: z.url().max(2048) });

/** POST /reminders/test's answer: how many devices the push services accepted it for. */
export const testNotificationResponseSchema = z.object({ sent: z.number().int(), removed: z.number().int() });

/** The notification the service worker shows (the encrypted push message's JSON). */
export const pushPayloadSchema = z.object({
  kind: z.enum(['morning', 'reality', 'test']),
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
