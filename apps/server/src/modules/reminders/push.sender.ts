import type { PushPayload, PushSubscriptionInput } from '@sonhario/contracts/reminders';
import webpush from 'web-push';

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
 * Web Push (RFC 8030) with VAPID (RFC 8292) and the aes128gcm payload (RFC 8291): `web-push` builds the request
 * (encryption, signed JWT, headers); it is sent with fetch rather than web-push's own https-only client, so the
 * same code reaches a local stand-in push service over http in tests (docs/decisions/037).
 */
export function createPushSender(vapid: { subject: string; publicKey: string; privateKey: string }): PushSender {
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
        const response = await fetch(details.endpoint, {
          method: details.method,
          headers,
          body: details.body ? new Uint8Array(details.body) : undefined,
          redirect: 'error',
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
        await response.body?.cancel();
        if (response.ok) return { kind: 'sent' };
        if (response.status === 404 || response.status === 410) return { kind: 'gone', status: response.status };
        return { kind: 'failed', status: response.status, reason: `push service answered ${String(response.status)}` };
      } catch (error) {
        return { kind: 'failed', status: null, reason: (error as Error).name };
      }
    },
  };
}
