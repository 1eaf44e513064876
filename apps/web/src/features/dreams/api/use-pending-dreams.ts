import type { CreateDreamInput } from '@sonhario/contracts/dreams';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isApiError } from '@/lib/api-client';
import { invalidateJournal } from '@/lib/journal-cache';
import { loadSupabase } from '@/lib/load-supabase';
import {
  canQueueDreams,
  listPendingDreams,
  markPendingDream,
  onPendingDreamsChange,
  queuePendingDream,
  removePendingDream,
  type PendingDream,
} from '@/lib/pending-dreams';
import { queryKeys } from '@/lib/query-keys';
import { createDream } from './use-create-dream';

/** Answers meaning the session is gone or not yet back: the dream waits, untouched, for this user to sign in. */
const SESSION_CODES = new Set(['not_signed_in', 'session_not_found', 'bad_jwt', 'no_authorization']);

/**
 * Whether a failed save should go to the offline queue: no answer at all (offline, connection lost), a gateway with
 * no server behind it, or a session that could not be refreshed because the device is offline.
 */
export function isOfflineFailure(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.isNetworkError || error.status === 502 || error.status === 503 || error.status === 504) return true;
  return !navigator.onLine && error.code === 'not_signed_in';
}

/** This user's dreams saved offline on this device (decrypted here, never sent anywhere but the API). */
export function usePendingDreams(userId: string) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onPendingDreamsChange(() => void queryClient.invalidateQueries({ queryKey: queryKeys.pendingDreams(userId) })),
    [queryClient, userId],
  );
  return useQuery({
    queryKey: queryKeys.pendingDreams(userId),
    queryFn: () => (canQueueDreams() ? listPendingDreams(userId) : []),
    // Local data: read it offline too, again on every mount (a cheap read; the queue may have changed in between),
    // and never retry a read of the device's own database.
    networkMode: 'always',
    retry: false,
    staleTime: 0,
  });
}

/** Puts a dream that could not be sent into the queue, and asks the browser to wake the app when it is online. */
export async function queueDream(userId: string, idempotencyKey: string, input: CreateDreamInput) {
  await queuePendingDream(userId, idempotencyKey, input);
  void import('@/lib/service-worker').then((module) => module.requestPendingDreamsSync());
}

type SendOutcome = 'sent' | 'refused' | 'wait';

async function sendOne(queryClient: QueryClient, pending: PendingDream): Promise<SendOutcome> {
  try {
    const { dream } = await createDream({ input: pending.input, idempotencyKey: pending.idempotencyKey });
    await removePendingDream(pending.userId, pending.idempotencyKey);
    queryClient.setQueryData(queryKeys.dreams.detail(dream.id), dream);
    return 'sent';
  } catch (error) {
    if (!isApiError(error)) return 'wait';
    if (error.isNetworkError || error.status >= 500 || error.status === 401 || SESSION_CODES.has(error.code))
      return 'wait';
    // Refused for what it is (422 validation, a key whose dream was deleted since): the user decides what to do.
    await markPendingDream(pending.userId, pending.idempotencyKey, {
      status: error.status,
      code: error.code,
      ...(error.details ? { details: error.details } : {}),
    });
    return 'refused';
  }
}

/**
 * Sends the user's queue, oldest first, with that user's session only: before each dream the signed-in user is
 * checked again, so a dream queued by one account is never sent as another. Stops at the first dream that must wait
 * (offline again, the session gone). One tab sends at a time (Web Locks); the idempotency keys make a second send
 * harmless anyway. Resolves to how many dreams reached the server, and whether one had to wait (no answer, a server
 * error, no session): the caller tries again later.
 */
export async function sendPendingDreams(
  queryClient: QueryClient,
  userId: string,
): Promise<{ sent: number; isWaiting: boolean }> {
  if (!canQueueDreams()) return { sent: 0, isWaiting: false };
  const run = async () => {
    let sent = 0;
    let isWaiting = false;
    for (const pending of await listPendingDreams(userId)) {
      if (pending.error) continue;
      const { data } = await (await loadSupabase()).auth.getSession();
      if (data.session?.user.id !== userId) break;
      const outcome = await sendOne(queryClient, pending);
      if (outcome === 'wait') {
        isWaiting = true;
        break;
      }
      if (outcome === 'sent') sent += 1;
    }
    if (sent > 0) await invalidateJournal(queryClient);
    return { sent, isWaiting };
  };
  return 'locks' in navigator ? navigator.locks.request(`sonhario-pending-dreams:${userId}`, run) : run();
}

/** Discards a queued dream (the user chose to): its text leaves this device. */
export function useDiscardPendingDream(userId: string) {
  return useMutation({
    mutationFn: (idempotencyKey: string) => removePendingDream(userId, idempotencyKey),
    networkMode: 'always',
  });
}
