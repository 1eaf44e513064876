import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { i18n } from '@/lib/i18n';
import { onPendingDreamsChange } from '@/lib/pending-dreams';
import { FLUSH_PENDING_DREAMS_MESSAGE } from '@/lib/service-worker-messages';
import { sendPendingDreams } from '../api/use-pending-dreams';

const RETRY_FIRST_MS = 5_000;
const RETRY_MAX_MS = 5 * 60_000;

/**
 * Sends the signed-in user's dreams saved offline whenever there is a chance (docs/decisions/036): when the app
 * opens (so also right after signing in again), when the browser says it is online, when the app comes back to the
 * front, when the service worker's Background Sync says the connection is back, and again by itself (with backoff)
 * while the server does not answer.
 */
export function usePendingDreamSync(userId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    // One round at a time; a chance that comes during a round runs one more round after it.
    const state = { isRunning: false, isAgain: false };
    // Online but the server did not take a dream (down, restarting, a gateway's 502): tried again by itself while the
    // app is open, after 5 s, then twice as long each time up to 5 minutes; offline, the 'online' event does it.
    const retry = { timer: undefined as ReturnType<typeof setTimeout> | undefined, delayMs: RETRY_FIRST_MS };
    const scheduleRetry = (isWaiting: boolean) => {
      clearTimeout(retry.timer);
      retry.timer = undefined;
      if (!isWaiting) {
        retry.delayMs = RETRY_FIRST_MS;
        return;
      }
      if (!navigator.onLine) return;
      retry.timer = setTimeout(sendSoon, retry.delayMs);
      retry.delayMs = Math.min(retry.delayMs * 2, RETRY_MAX_MS);
    };
    // Read through a function: the round's awaits let other events set it, which the type checker cannot see.
    const hasMoreChances = () => state.isAgain;
    const send = async () => {
      if (state.isRunning) {
        state.isAgain = true;
        return;
      }
      state.isRunning = true;
      try {
        let isWaiting = false;
        do {
          state.isAgain = false;
          const round = await sendPendingDreams(queryClient, userId);
          isWaiting = round.isWaiting;
          if (round.sent > 0) {
            toast.success(i18n.t('dreams.pending.sentToast', { count: round.sent }), {
              description: i18n.t('dreams.pending.sentText', { count: round.sent }),
            });
          }
        } while (hasMoreChances());
        if (!isCancelled) scheduleRetry(isWaiting);
      } catch {
        // The device's database could not be read now: the next chance tries again.
      } finally {
        state.isRunning = false;
      }
    };
    let isCancelled = false;
    const sendSoon = () => void send();
    const onVisible = () => {
      if (document.visibilityState === 'visible') sendSoon();
    };
    const onMessage = (event: MessageEvent) => {
      if ((event.data as { type?: unknown } | null)?.type === FLUSH_PENDING_DREAMS_MESSAGE) sendSoon();
    };
    sendSoon();
    // A dream just queued (its save got no answer): a round at once, which also arms the retries if it must wait.
    const stopWatchingQueue = onPendingDreamsChange(sendSoon);
    window.addEventListener('online', sendSoon);
    window.addEventListener('focus', sendSoon);
    document.addEventListener('visibilitychange', onVisible);
    // No service worker outside a secure context (plain HTTP): the other chances still send.
    const worker = 'serviceWorker' in navigator ? navigator.serviceWorker : undefined;
    worker?.addEventListener('message', onMessage);
    return () => {
      isCancelled = true;
      clearTimeout(retry.timer);
      stopWatchingQueue();
      window.removeEventListener('online', sendSoon);
      window.removeEventListener('focus', sendSoon);
      document.removeEventListener('visibilitychange', onVisible);
      worker?.removeEventListener('message', onMessage);
    };
  }, [queryClient, userId]);
}
