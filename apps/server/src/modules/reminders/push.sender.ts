import type { PushPayload, PushSubscriptionInput } from '@sonhario/contracts/reminders';
import webpush from 'web-push';
import { OutboundUrlRefusedError, sendOutbound, type OutboundPolicy } from '../../lib/outbound-url.ts';

/** What one push service said about one message. */
type PushOutcome =
  | { kind: 'sent' }
  /** 404 or 410: the subscription is gone (permission revoked, browser data cleared); it is deleted. */
  | { kind: 'gone'; status: number; reason?: string }
  | { kind: 'failed'; status: number | null; reason: string };

export interface PushSender {
  send(
    subscription: PushSubscriptionInput,
    payload: PushPayload,
    options?: { ttlSeconds?: number },
  ): Promise<PushOutcome>;
}

const SEND_TIMEOUT_MS = 10_000;

/**
 * The browsers' push services (Chrome and most others: FCM; Firefox: Mozilla's autopush; Safari: Apple; Edge:
 * Windows Notification Service): accepted by name when a subscription is given. Any other host must resolve to
 * public addresses only (lib/outbound-url.ts, docs/decisions/065).
 */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  '*.push.apple.com',
  '*.notify.windows.com',
] as const;

/** Where push endpoints may lead, at subscription and at each send. */
export const pushEndpointPolicy = (options: Pick<OutboundPolicy, 'isLoopbackAllowed' | 'resolve'>): OutboundPolicy => ({
  ...options,
  knownHosts: PUSH_SERVICE_HOSTS,
});

/**
 * Web Push (RFC 8030) with VAPID (RFC 8292) and the aes128gcm payload (RFC 8291): `web-push` builds the request
 * (encryption, signed JWT, headers); it is sent by the outbound helper rather than web-push's own client: the endpoint
 * is checked again and connected to only at public addresses, no redirect is followed, and the same code reaches a
 * local stand-in push service over http in tests (docs/decisions/037, 065).
 */
export function createPushSender(
  vapid: { subject: string; publicKey: string; privateKey: string },
  options: Pick<OutboundPolicy, 'isLoopbackAllowed' | 'resolve'> = {},
): PushSender {
  const policy = pushEndpointPolicy(options);
  return {
    async send(subscription, payload, options = {}) {
      let details: ReturnType<typeof webpush.generateRequestDetails>;
      try {
        details = webpush.generateRequestDetails(subscription, JSON.stringify(payload), {
          vapidDetails: vapid,
          TTL: options.ttlSeconds ?? 3600,
          urgency: 'normal',
          // One notification of a kind replaces an older one still waiting at the push service.
          topic: payload.kind,
          contentEncoding: 'aes128gcm',
        });
      } catch (error) {
        // A key the browser sent that does not make a P-256 point: nothing can be encrypted for it.
        return { kind: 'gone', status: 0, reason: (error as Error).message };
      }
      const headers = Object.fromEntries(
        Object.entries(details.headers)
          .filter(([name]) => name.toLowerCase() !== 'content-length')
          .map(([name, value]) => [name, String(value as unknown)]), // TTL and lengths are numbers at run time
      );
      try {
        const { status } = await sendOutbound(
          details.endpoint,
          {
            method: details.method,
            headers,
            body: details.body ? new Uint8Array(details.body) : undefined,
            timeoutMs: SEND_TIMEOUT_MS,
          },
          policy,
        );
        if (status >= 200 && status < 300) return { kind: 'sent' };
        if (status === 404 || status === 410) return { kind: 'gone', status };
        // A 3xx too: a push service does not redirect, and the server follows no redirect a user could aim.
        return { kind: 'failed', status, reason: `push service answered ${String(status)}` };
      } catch (error) {
        if (error instanceof OutboundUrlRefusedError) {
          // An endpoint stored under older rules (a port, `localhost.`) never becomes valid: dropped. A name now
          // resolving inside the network may change back: kept, not sent to.
          return error.isAboutAddresses
            ? { kind: 'failed', status: null, reason: error.message }
            : { kind: 'gone', status: 0, reason: error.message };
        }
        return { kind: 'failed', status: null, reason: (error as NodeJS.ErrnoException).code ?? (error as Error).name };
      }
    },
  };
}
