import {
  chatSendResultSchema,
  chatThreadDetailSchema,
  chatThreadSchema,
  chatThreadsResponseSchema,
  chatUsageSchema,
  createChatThreadSchema,
  deleteChatThreadsResponseSchema,
  listChatThreadsQuerySchema,
  renameChatThreadSchema,
  sendChatMessageSchema,
  type ChatSendResult,
  type ChatStreamEvent,
} from '@sonhario/contracts/chat';
import { apiErrorSchema } from '@sonhario/contracts/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app.types.ts';
import { requestContext, type RequestContext } from '../../context.ts';
import { providerBaseUrl } from '../ai/create-vendor.ts';
import { ProviderError } from '../ai/provider-error.ts';
import { createChatProvider } from './chat.create-provider.ts';
import type { ChatProvider } from './chat.provider.ts';
import { ChatReservations, type ChatDeps } from './chat.deps.ts';
import { ChatLimitError, chatFailureError } from './chat.errors.ts';
import { completeSend, prepareSend, type PreparedSend } from './chat.send.service.ts';
import { createThread, deleteAllThreads, deleteThread, getThread, listThreads, renameThread } from './chat.service.ts';
import { getChatUsage } from './chat.usage.service.ts';
import { abortOnDisconnect, logProviderFailure, streamProviderAnswer } from '../ai/event-stream.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const threadParams = z.object({ id: z.uuid({ error: 'Conversa inválida' }) });
type ContextOf = (request: FastifyRequest) => RequestContext;
const toAppError = (error: unknown) => (error instanceof ProviderError ? chatFailureError(error.failure) : error);

/** The chat about dreams (docs/decisions/035). */
export async function chatRoutes(app: AppInstance, options: { provider?: ChatProvider } = {}) {
  const provider = options.provider ?? createChatProvider(app.deps.config.env);
  const deps: ChatDeps = {
    provider,
    reservations: new ChatReservations(),
    fairUsePerDay: app.deps.config.env.CHAT_FAIR_USE_PER_DAY,
    samples: app.deps.raritySamples,
  };
  const baseUrl = providerBaseUrl(app.deps.config.env);
  const ctx = (request: FastifyRequest) => requestContext(app.deps, request);
  registerThreadRoutes(app, ctx);
  registerSendRoutes(app, ctx, deps, baseUrl);
}

/** The conversations: list, start, read, rename, delete one or all. */
function registerThreadRoutes(app: AppInstance, ctx: ContextOf) {
  app.get(
    '/chat/threads',
    {
      schema: {
        tags: ['chat'],
        summary:
          'The conversations, newest first (those of a dream in the trash are hidden); ?dreamId= only that dream’s',
        security: [{ bearerAuth: [] }],
        querystring: listChatThreadsQuerySchema,
        response: { 200: chatThreadsResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await listThreads(ctx(request), request.query)),
  );

  app.post(
    '/chat/threads',
    {
      schema: {
        tags: ['chat'],
        summary: 'Start a conversation about one dream (kind dream, a live dream of the user’s) or the whole journal',
        security: [{ bearerAuth: [] }],
        body: createChatThreadSchema,
        response: { 201: chatThreadSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createThread(ctx(request), request.body)),
  );

  app.get(
    '/chat/threads/:id',
    {
      schema: {
        tags: ['chat'],
        summary: 'A conversation and its messages, oldest first (404 chat_thread_not_found for another user’s)',
        security: [{ bearerAuth: [] }],
        params: threadParams,
        response: { 200: chatThreadDetailSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await getThread(ctx(request), request.params.id)),
  );

  app.patch(
    '/chat/threads/:id',
    {
      schema: {
        tags: ['chat'],
        summary: 'Rename a conversation',
        security: [{ bearerAuth: [] }],
        params: threadParams,
        body: renameChatThreadSchema,
        response: { 200: chatThreadSchema, ...errors },
      },
    },
    async (request) => renameThread(ctx(request), request.params.id, request.body.title),
  );

  app.delete(
    '/chat/threads/:id',
    {
      schema: {
        tags: ['chat'],
        summary: 'Delete a conversation and its messages (the messages sent stay counted)',
        security: [{ bearerAuth: [] }],
        params: threadParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteThread(ctx(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/chat/threads',
    {
      schema: {
        tags: ['chat'],
        summary: 'Delete every conversation (the messages sent stay counted)',
        security: [{ bearerAuth: [] }],
        response: { 200: deleteChatThreadsResponseSchema, ...errors },
      },
    },
    async (request) => deleteAllThreads(ctx(request)),
  );
}

/** The usage left and the send, answered whole or streamed. */
function registerSendRoutes(app: AppInstance, ctx: ContextOf, deps: ChatDeps, baseUrl: string | null) {
  const { provider } = deps;

  function streamAnswer(request: FastifyRequest, reply: FastifyReply, context: RequestContext, prepared: PreparedSend) {
    return streamProviderAnswer<ChatStreamEvent, ChatSendResult>(request, reply, {
      provider,
      baseUrl,
      what: 'chat answer',
      run: (signal, emit) =>
        completeSend(context, deps, prepared, { signal, onDelta: (text) => emit({ event: 'delta', data: { text } }) }),
      done: (result) => ({ event: 'done', data: result }),
      toAppError,
      errorEvent: (data) => ({ event: 'error', data }),
      internalMessage: 'Não foi possível concluir a resposta agora. Tente novamente.',
      onEnd: () => prepared.release(),
    });
  }

  app.get(
    '/chat/usage',
    {
      schema: {
        tags: ['chat'],
        summary: 'What the user may still send: the month’s taste (Dreamer, Lucid) or the day’s fair use (Oracle)',
        security: [{ bearerAuth: [] }],
        response: { 200: chatUsageSchema, ...errors },
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await getChatUsage(ctx(request), deps)),
  );

  app.post(
    '/chat/threads/:id/messages',
    {
      compress: false,
      schema: {
        tags: ['chat'],
        summary:
          'Send a message and get the answer. With `Accept: text/event-stream` the answer streams (start, delta…, done | error).',
        description:
          'Before any provider call: 404 chat_thread_not_found, 403 consent_required (a standing AI consent, builtin too), ' +
          '409 chat_thread_full, 429 chat_limit_reached with Retry-After. A failure or cancel stores and counts nothing; ' +
          'a success stores both messages sealed and counts one message.',
        security: [{ bearerAuth: [] }],
        params: threadParams,
        body: sendChatMessageSchema,
        response: { 201: chatSendResultSchema, ...errors, 409: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const context = ctx(request);
      let prepared: PreparedSend;
      try {
        prepared = await prepareSend(context, deps, request.params.id, request.body);
      } catch (error) {
        if (error instanceof ChatLimitError) reply.header('retry-after', String(error.retryAfterSeconds));
        throw error;
      }
      reply.header('cache-control', 'no-store');
      if ((request.headers.accept ?? '').includes('text/event-stream')) {
        await streamAnswer(request, reply, context, prepared);
        return reply;
      }
      const controller = abortOnDisconnect(reply);
      let result: ChatSendResult;
      try {
        result = await completeSend(context, deps, prepared, { signal: controller.signal, onDelta: () => undefined });
      } catch (error) {
        logProviderFailure(request, error, provider, baseUrl, 'chat');
        if (error instanceof ChatLimitError) reply.header('retry-after', String(error.retryAfterSeconds));
        throw toAppError(error);
      } finally {
        prepared.release();
      }
      return reply.status(201).send(result);
    },
  );
}
