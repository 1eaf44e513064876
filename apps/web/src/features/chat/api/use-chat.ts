import {
  CHAT_ERROR_CODES,
  chatStreamEventSchema,
  chatThreadDetailSchema,
  chatThreadSchema,
  chatThreadsResponseSchema,
  chatUsageSchema,
  deleteChatThreadsResponseSchema,
  type ChatMessage,
  type ChatSendResult,
  type ChatThread,
  type ChatThreadDetail,
  type ChatThreadsResponse,
  type CreateChatThreadInput,
} from '@sonhario/contracts/chat';
import type { AnalysisProviderId } from '@sonhario/contracts/analyses';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { useProviderStream } from '@/hooks/use-provider-stream';
import { type ApiError, apiRequest, isApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { retryUnlessClientError } from '@/lib/query-retry';

/** GET /chat/threads[?dreamId=]: newest first. */
export function useChatThreads({
  dreamId = null,
  isEnabled = true,
}: { dreamId?: string | null; isEnabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.chat.threadList(dreamId),
    queryFn: async ({ signal }) =>
      (await apiRequest('/chat/threads', { query: { dreamId }, schema: chatThreadsResponseSchema, signal })).data,
    retry: retryUnlessClientError,
    enabled: isEnabled,
  });
}

const fetchThread = async (id: string, signal?: AbortSignal) =>
  (await apiRequest(`/chat/threads/${encodeURIComponent(id)}`, { schema: chatThreadDetailSchema, signal })).data;

/** GET /chat/threads/:id: the conversation and its messages, oldest first. */
export function useChatThread(id: string | null) {
  return useQuery({
    queryKey: queryKeys.chat.thread(id ?? ''),
    queryFn: ({ signal }) => fetchThread(id ?? '', signal),
    retry: retryUnlessClientError,
    enabled: id !== null,
  });
}

/**
 * After a connection lost mid-answer: whether the server finished and stored the exchange anyway (it may have, just
 * before the connection dropped). The conversation is read again; the message is taken as stored when the
 * conversation grew and its last exchange is this message. The lists and the usage are read again too.
 */
async function wasStored(queryClient: QueryClient, threadId: string, content: string, countBefore: number) {
  try {
    const detail = await queryClient.query({
      queryKey: queryKeys.chat.thread(threadId),
      queryFn: ({ signal }) => fetchThread(threadId, signal),
      staleTime: 0,
    });
    const asked = detail.messages.at(-2);
    const isStored = detail.messages.length > countBefore && asked?.role === 'user' && asked.content === content.trim();
    if (isStored) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.chat.usage });
      void queryClient.invalidateQueries({ queryKey: queryKeys.chat.threads });
    }
    return isStored;
  } catch {
    return false;
  }
}

/** GET /chat/usage: what the user may still send (the month's taste, or the day's fair use). */
export function useChatUsage() {
  return useQuery({
    queryKey: queryKeys.chat.usage,
    queryFn: async ({ signal }) => (await apiRequest('/chat/usage', { schema: chatUsageSchema, signal })).data,
    retry: retryUnlessClientError,
  });
}

/** A thread changed (created, renamed, a message added): every list that holds it shows it, newest first. */
function putThread(queryClient: QueryClient, thread: ChatThread) {
  queryClient.setQueriesData<ChatThreadsResponse>({ queryKey: queryKeys.chat.threads }, (data) => {
    if (!data) return data;
    const others = data.items.filter((item) => item.id !== thread.id);
    return { items: [thread, ...others].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)) };
  });
  // A list filtered by another dream must not gain it: refetch the lists quietly, the answers are the truth.
  void queryClient.invalidateQueries({ queryKey: queryKeys.chat.threads });
}

function dropThread(queryClient: QueryClient, id: string) {
  queryClient.setQueriesData<ChatThreadsResponse>({ queryKey: queryKeys.chat.threads }, (data) =>
    data ? { items: data.items.filter((item) => item.id !== id) } : data,
  );
  queryClient.removeQueries({ queryKey: queryKeys.chat.thread(id) });
}

/** POST /chat/threads: a new, empty conversation (its title is a placeholder until the first message). */
async function createThread(queryClient: QueryClient, input: CreateChatThreadInput): Promise<ChatThread> {
  const { data: thread } = await apiRequest('/chat/threads', { method: 'POST', body: input, schema: chatThreadSchema });
  queryClient.setQueryData<ChatThreadDetail>(queryKeys.chat.thread(thread.id), { thread, messages: [] });
  putThread(queryClient, thread);
  return thread;
}

/** PATCH /chat/threads/:id { title }. */
export function useRenameChatThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, title }: { id: string; title: string }) =>
      (
        await apiRequest(`/chat/threads/${encodeURIComponent(id)}`, {
          method: 'PATCH',
          body: { title },
          schema: chatThreadSchema,
        })
      ).data,
    onSuccess: (thread) => {
      queryClient.setQueryData<ChatThreadDetail>(queryKeys.chat.thread(thread.id), (data) =>
        data ? { ...data, thread } : data,
      );
      putThread(queryClient, thread);
    },
  });
}

/** DELETE /chat/threads/:id (204). */
export function useDeleteChatThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest(`/chat/threads/${encodeURIComponent(id)}`, { method: 'DELETE', schema: z.unknown() });
      return id;
    },
    onSuccess: (id) => dropThread(queryClient, id),
  });
}

/** DELETE /chat/threads: every conversation of the user. */
export function useDeleteAllChatThreads() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiRequest('/chat/threads', { method: 'DELETE', schema: deleteChatThreadsResponseSchema })).data,
    onSuccess: () => {
      queryClient.setQueriesData<ChatThreadsResponse>({ queryKey: queryKeys.chat.threads }, (data) =>
        data ? { items: [] } : data,
      );
      queryClient.removeQueries({ queryKey: queryKeys.chat.threadDetails });
    },
  });
}

// --- sending (a streamed answer) ---------------------------------------------------------------------------------

export interface ChatAuthor {
  provider: AnalysisProviderId;
  model: string;
  isGenerative: boolean;
}

/** How long after 'Parar' the conversation is read again, to see whether the server had finished first. */
const STOP_SETTLE_MS = 400;

/** Why an answer did not come; nothing was stored or counted in any of them. */
export type ChatFailure =
  /** 403: no standing consent to AI (never asked, declined or withdrawn). */
  | { kind: 'consent' }
  /** 429: the month's taste (Dreamer, Lucid) or the day's fair use (Oracle) is used up. */
  | { kind: 'limit'; error: ApiError }
  /** 409: the conversation holds as many messages as it may. */
  | { kind: 'full' }
  /** 404: the conversation (or its dream) is gone. */
  | { kind: 'gone' }
  /** The stream's `error` event: the provider failed or timed out. */
  | { kind: 'provider'; error: ApiError }
  /** The connection dropped before the final event. */
  | { kind: 'network' }
  | { kind: 'other'; error: unknown };

/** Where a message goes: an existing conversation, or one created for it (a first message starts it). */
export type ChatTarget = { threadId: string } | { create: CreateChatThreadInput };

export type SendState =
  | { status: 'idle' }
  /** `threadId` is null while the conversation is being created; `text` grows with each delta. */
  | { status: 'streaming'; threadId: string | null; content: string; author: ChatAuthor | null; text: string }
  | { status: 'done'; result: ChatSendResult }
  | { status: 'error'; threadId: string | null; content: string; failure: ChatFailure }
  | { status: 'cancelled'; threadId: string | null; content: string };

function failureOf(error: unknown): ChatFailure {
  if (isApiError(error)) {
    if (error.isNetworkError) return { kind: 'network' };
    if (error.code === 'consent_required') return { kind: 'consent' };
    if (error.code === CHAT_ERROR_CODES.limitReached) return { kind: 'limit', error };
    if (error.code === CHAT_ERROR_CODES.threadFull) return { kind: 'full' };
    if (error.code === CHAT_ERROR_CODES.threadNotFound || error.status === 404) return { kind: 'gone' };
  }
  return { kind: 'other', error };
}

/** The answer is stored: the conversation gains both messages, the lists and the usage follow, without a refetch. */
function recordSend(queryClient: QueryClient, result: ChatSendResult) {
  const { thread, userMessage, assistantMessage, usage } = result;
  queryClient.setQueryData<ChatThreadDetail>(queryKeys.chat.thread(thread.id), (data) => {
    const earlier = (data?.messages ?? []).filter(
      (message: ChatMessage) => message.id !== userMessage.id && message.id !== assistantMessage.id,
    );
    return { thread, messages: [...earlier, userMessage, assistantMessage] };
  });
  queryClient.setQueryData(queryKeys.chat.usage, usage);
  putThread(queryClient, thread);
}

/**
 * POST /chat/threads/:id/messages as a stream: `send(target, content)` sends one message (creating the conversation
 * first when it has none), `state` follows the answer as it is written, `cancel()` aborts it (the provider call stops,
 * nothing is stored or counted) and hands back the typed text. Leaving the conversation cancels too.
 */
export function useSendChatMessage({
  language,
  onThreadCreated,
  onStoredAfterStop,
}: {
  language: 'pt-BR' | 'en';
  onThreadCreated?: (thread: ChatThread) => void;
  /** A stopped answer turned out stored (the server finished first): the text sent, to take back out of the box. */
  onStoredAfterStop?: (content: string) => void;
}) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<SendState>({ status: 'idle' });
  const stream = useProviderStream();
  /** The message of the answer under way (the state's copy may not be applied yet when 'Parar' is pressed). */
  const sending = useRef<{ threadId: string | null; content: string; countBefore: number } | null>(null);
  const onCreated = useRef(onThreadCreated);
  const onLateStored = useRef(onStoredAfterStop);
  useEffect(() => {
    onCreated.current = onThreadCreated;
    onLateStored.current = onStoredAfterStop;
  }, [onThreadCreated, onStoredAfterStop]);

  /** Sends; resolves with how it ended (null when cancelled or replaced by another send). */
  const send = useCallback(
    async (target: ChatTarget, content: string): Promise<SendState | null> => {
      const controller = stream.begin();
      let threadId = 'threadId' in target ? target.threadId : null;
      const message = { threadId, content, countBefore: 0 };
      sending.current = message;
      setState({ status: 'streaming', threadId, content, author: null, text: '' });

      const finish = (next: SendState) => {
        if (sending.current === message) sending.current = null;
        setState(next);
        return next;
      };
      let failure: ChatFailure;
      try {
        if (threadId === null && 'create' in target) {
          const thread = await createThread(queryClient, target.create);
          if (controller.signal.aborted) return null;
          threadId = thread.id;
          message.threadId = thread.id;
          const created = thread.id;
          setState((current) => (current.status === 'streaming' ? { ...current, threadId: created } : current));
          onCreated.current?.(thread);
        }
      } catch (error) {
        if (!stream.isCurrent(controller)) return null;
        stream.release(controller);
        return finish({ status: 'error', threadId, content, failure: failureOf(error) });
      }
      if (threadId === null) return null;
      const countBefore =
        queryClient.getQueryData<ChatThreadDetail>(queryKeys.chat.thread(threadId))?.messages.length ?? 0;
      message.countBefore = countBefore;
      const end = await stream.read(controller, `/chat/threads/${encodeURIComponent(threadId)}/messages`, {
        body: { content, language },
        schema: chatStreamEventSchema,
        onStart: (author) => setState((current) => (current.status === 'streaming' ? { ...current, author } : current)),
        onDelta: ({ text }) =>
          setState((current) => (current.status === 'streaming' ? { ...current, text: current.text + text } : current)),
      });
      if (end === null) return null;
      if (end.kind === 'done') {
        recordSend(queryClient, end.result);
        return finish({ status: 'done', result: end.result });
      }
      if (end.kind === 'provider') {
        failure = { kind: 'provider', error: end.error };
      } else {
        failure = failureOf(end.error);
        if (failure.kind === 'network') {
          const isStored = await wasStored(queryClient, threadId, content, countBefore);
          // Another send or a stop meanwhile: that one owns the state now.
          if (sending.current !== message) return null;
          if (isStored) return finish({ status: 'idle' });
        }
      }
      // A refusal may carry news the page shows (the limit reached): the usage is read again.
      if (failure.kind === 'limit') void queryClient.invalidateQueries({ queryKey: queryKeys.chat.usage });
      return finish({ status: 'error', threadId, content, failure });
    },
    [language, queryClient, stream],
  );

  /**
   * Stops the answer under way; returns the text that was sent (for the composer), or null when none was. An answer
   * the server finished in the instant before the stop reached it is stored and counted: the conversation is read
   * again, and such an answer then shows (state `done`-like: idle) instead of the 'nothing was counted' note.
   */
  const cancel = useCallback((): string | null => {
    const message = sending.current;
    if (!message || !stream.stop()) return null;
    sending.current = null;
    setState({ status: 'cancelled', threadId: message.threadId, content: message.content });
    const { threadId } = message;
    if (threadId !== null) {
      // A moment first: a commit under way when the stop arrived lands before the conversation is read.
      void new Promise((resolve) => setTimeout(resolve, STOP_SETTLE_MS))
        .then(() => wasStored(queryClient, threadId, message.content, message.countBefore))
        .then((isStored) => {
          if (!isStored) return;
          setState((current) =>
            current.status === 'cancelled' && current.threadId === threadId ? { status: 'idle' } : current,
          );
          onLateStored.current?.(message.content);
        });
    }
    return message.content;
  }, [queryClient, stream]);

  const reset = useCallback(() => setState({ status: 'idle' }), []);

  return { state, send, cancel, reset, isStreaming: state.status === 'streaming' };
}
