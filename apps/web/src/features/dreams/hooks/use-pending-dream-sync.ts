import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { i18n } from '@/lib/i18n';
import { FLUSH_PENDING_DREAMS_MESSAGE } from '@/lib/service-worker-messages';
import { sendPendingDreams } from '../api/use-pending-dreams';

/**
 * Sends the signed-in user's dreams saved offline whenever there is a chance (docs/decisions/036): when the app
 * opens (so also right after signing in again), when the browser says it is online, when the app comes back to the
 * front, and when the service worker's Background Sync says the connection is back.
 */
export function usePendingDreamSync(userId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    // One round at a time; a chance that comes during a round runs one more round after it.
    const state = { isRunning: false, isAgain: false };
    // Read through a function: the round's awaits let other events set it, which the type checker cannot see.
    const hasMoreChances = () => state.isAgain;
    const send = async () => {
      if (state.isRunning) {
        state.isAgain = true;
        return;
      }
      state.isRunning = true;
      try {
        do {
          state.isAgain = false;
          const sent = await sendPendingDreams(queryClient, userId);
          if (sent > 0) {
            toast.success(i18n.t('dreams.pending.sentToast', { count: sent }), {
              description: i18n.t('dreams.pending.sentText', { count: sent }),
            });
          }
        } while (hasMoreChances());
      } catch {
        // The device's database could not be read now: the next chance tries again.
      } finally {
        state.isRunning = false;
      }
    };
    const sendSoon = () => void send();
    const onVisible = () => {
      if (document.visibilityState === 'visible') sendSoon();
    };
    const onMessage = (event: MessageEvent) => {
      if ((event.data as { type?: unknown } | null)?.type === FLUSH_PENDING_DREAMS_MESSAGE) sendSoon();
    };
    sendSoon();
    window.addEventListener('online', sendSoon);
    window.addEventListener('focus', sendSoon);
    document.addEventListener('visibilitychange', onVisible);
    // No service worker outside a secure context (plain HTTP): the other chances still send.
    const worker = 'serviceWorker' in navigator ? navigator.serviceWorker : undefined;
    worker?.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('online', sendSoon);
      window.removeEventListener('focus', sendSoon);
      document.removeEventListener('visibilitychange', onVisible);
      worker?.removeEventListener('message', onMessage);
    };
  }, [queryClient, userId]);
}
