import { pushPublicKeySchema } from '@sonhario/contracts/reminders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

// This browser's Web Push subscription (docs/decisions/037): asked of the service worker's PushManager with the
// server's VAPID key, then registered with (or removed from) the server.

/** What this browser can do about push: nothing (no service worker or PushManager), or ask for permission. */
export type PushSupport = 'unsupported' | 'ios-not-installed' | 'supported';

export function pushSupport(): PushSupport {
  const hasApis =
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window;
  if (hasApis) return 'supported';
  // iPhone and iPad have Web Push only for a site added to the home screen (iOS 16.4+).
  const isIos = typeof navigator !== 'undefined' && /iPad|iPhone|iPod/.test(navigator.userAgent);
  const isStandalone =
    typeof window !== 'undefined' &&
    typeof (window.matchMedia as unknown) === 'function' &&
    window.matchMedia('(display-mode: standalone)').matches;
  return isIos && !isStandalone ? 'ios-not-installed' : 'unsupported';
}

const noContent = z.unknown();

function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The service worker's registration, when one is active (the PWA's; none in development without it). */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in navigator)) return undefined;
  return navigator.serviceWorker.getRegistration();
}

/** This browser's current subscription, if any. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  return (await (await registration())?.pushManager.getSubscription()) ?? null;
}

/** Sends a subscription's endpoint and keys to the server (also after the browser renewed it). */
export async function registerPushSubscription(subscription: PushSubscription): Promise<void> {
  const json = subscription.toJSON();
  await apiRequest('/push/subscriptions', {
    method: 'POST',
    body: { endpoint: json.endpoint, keys: { p256dh: json.keys?.p256dh, auth: json.keys?.auth } },
    schema: noContent,
  });
}

/** Asks for permission (from a click), subscribes with the server's key and registers the subscription. */
async function subscribe(): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushPermissionError(permission);
  const worker = await registration();
  if (!worker) throw new PushPermissionError('unsupported');
  const { data } = await apiRequest('/push/public-key', { schema: pushPublicKeySchema });
  const existing = await worker.pushManager.getSubscription();
  const subscription =
    existing ??
    (await worker.pushManager
      .subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(data.publicKey) })
      .catch((error: unknown) => {
        // The browser has the APIs but no push service to subscribe with (Chromium builds without one: 'push
        // service not available'): this browser cannot receive notifications, said as such, not as an error.
        if (error instanceof DOMException) throw new PushPermissionError('unsupported');
        throw error;
      }));
  await registerPushSubscription(subscription);
}

/** Unsubscribes this browser and tells the server to forget it (a server that already forgot it is fine). */
async function unsubscribe(): Promise<void> {
  const subscription = await currentPushSubscription();
  if (!subscription) return;
  await apiRequest('/push/subscriptions', {
    method: 'DELETE',
    body: { endpoint: subscription.endpoint },
    schema: noContent,
  }).catch(() => undefined);
  await subscription.unsubscribe();
}

export class PushPermissionError extends Error {
  constructor(public readonly permission: NotificationPermission | 'unsupported') {
    super(`push permission: ${permission}`);
  }
}

/** Turns this device's notifications on or off; the device count refreshes after. */
export function usePushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (isOn: boolean) => (isOn ? subscribe() : unsubscribe()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.reminders }),
  });
}
