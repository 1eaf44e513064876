// Web Push in the service worker (issue 18, docs/decisions/037). Self-contained on purpose (no imports): the service
// worker entry calls `installPushHandlers(self)` and nothing of the app's bundle comes with it.
//
// - `push`: the server's encrypted message (the browser decrypted it) is `{kind, title, body, url, tag}`; shown as a
//   notification. A message that is not ours still shows something: a push without a notification is penalised.
// - `notificationclick`: focuses an open window of the app and sends it to the url ('/app/dreams/new'), else opens one.
// - `pushsubscriptionchange`: the browser renewed the subscription; subscribed again, the open pages are told
//   (`{type: 'sonhario:push-subscription-changed'}`) and send it to the server with their session.

interface PushPayloadLike {
  title: string;
  body: string;
  url: string;
  tag: string;
}

interface NotificationLike {
  data?: unknown;
  close(): void;
}

/** The message open pages get when the browser renewed the subscription. */
export const PUSH_SUBSCRIPTION_CHANGED = 'sonhario:push-subscription-changed';

interface WindowClientLike {
  url: string;
  postMessage?(message: unknown): void;
  focus(): Promise<unknown>;
  navigate?(url: string): Promise<unknown>;
}

interface ExtendableEventLike {
  waitUntil(promise: Promise<unknown>): void;
}

/** The parts of ServiceWorkerGlobalScope these handlers use (so the file type-checks with the DOM library). */
export interface PushScope {
  location: { origin: string };
  registration: {
    showNotification(title: string, options: Record<string, unknown>): Promise<void>;
    pushManager: {
      subscribe(options: { userVisibleOnly: boolean; applicationServerKey: unknown }): Promise<{ toJSON(): unknown }>;
    };
  };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: string, listener: (event: never) => void): void;
}

const FALLBACK: PushPayloadLike = {
  title: 'Sonhário',
  body: '',
  url: '/app/dreams/new',
  tag: 'sonhario',
};

/** The message's JSON, or the fallback when it is not ours (no data, not JSON, missing fields). */
export function payloadOf(data: { json(): unknown } | null | undefined): PushPayloadLike {
  try {
    const value = data?.json() as Partial<PushPayloadLike> | undefined;
    if (value && typeof value.title === 'string' && typeof value.url === 'string') {
      return {
        title: value.title,
        body: typeof value.body === 'string' ? value.body : '',
        url: value.url.startsWith('/') ? value.url : FALLBACK.url,
        tag: typeof value.tag === 'string' ? value.tag : FALLBACK.tag,
      };
    }
  } catch {
    // not JSON
  }
  return FALLBACK;
}

/** Focuses a window of the app and sends it to `url`, or opens one. */
export async function openApp(scope: PushScope, url: string): Promise<void> {
  const target = new URL(url, scope.location.origin).href;
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === scope.location.origin);
  if (open) {
    await open.focus();
    if (open.url !== target) await open.navigate?.(target);
    return;
  }
  await scope.clients.openWindow(target);
}

export function installPushHandlers(scope: PushScope): void {
  scope.addEventListener('push', (event: ExtendableEventLike & { data?: { json(): unknown } | null }) => {
    const payload = payloadOf(event.data);
    event.waitUntil(
      scope.registration.showNotification(payload.title, {
        body: payload.body,
        tag: payload.tag,
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        data: { url: payload.url },
      }),
    );
  });

  scope.addEventListener('notificationclick', (event: ExtendableEventLike & { notification: NotificationLike }) => {
    event.notification.close();
    const data = event.notification.data as { url?: unknown } | undefined;
    const url = typeof data?.url === 'string' && data.url.startsWith('/') ? data.url : FALLBACK.url;
    event.waitUntil(openApp(scope, url));
  });

  // The browser renewed (or dropped) the subscription: subscribe again with the same server key, and tell the open
  // pages, which send the new one with their session (a worker holds no token). With no page open, the server's next
  // send to the old endpoint gets 410 and forgets it; the new one is sent when 'Lembretes' is next opened.
  scope.addEventListener(
    'pushsubscriptionchange',
    (event: ExtendableEventLike & { oldSubscription?: { options?: { applicationServerKey?: unknown } } | null }) => {
      event.waitUntil(
        (async () => {
          const key = event.oldSubscription?.options?.applicationServerKey;
          if (key) await scope.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
          const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
          for (const client of windows) client.postMessage?.({ type: PUSH_SUBSCRIPTION_CHANGED });
        })().catch(() => undefined),
      );
    },
  );
}
