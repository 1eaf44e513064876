import {
  analysisSchema,
  analysisStatsSchema,
  createAnalysisSchema,
  deleteAnalysesResponseSchema,
  dreamAnalysesResponseSchema,
  listAnalysesQuerySchema,
  listAnalysesResponseSchema,
  type Analysis,
  type AnalysisStreamEvent,
} from '@sonhario/contracts/analyses';
import { dreamIdParamsSchema, idempotencyHeadersSchema } from '@sonhario/contracts/dreams';
import { apiErrorSchema } from '@sonhario/contracts/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app.types.ts';
import { requestContext, type RequestContext } from '../../context.ts';
import {
  completeAnalysis,
  deleteAnalyses,
  getAnalysisStats,
  listAnalyses,
  listDreamAnalyses,
  prepareAnalysis,
  providerFailureError,
  type StatsCache,
  type PreparedAnalysis,
} from './analyses.service.ts';
import { providerBaseUrl } from '../ai/create-vendor.ts';
import { type AnalysisProvider } from './providers/provider.ts';
import { ProviderError } from '../ai/provider-error.ts';
import { abortOnDisconnect, frameOf, logProviderFailure, streamProviderAnswer } from '../ai/event-stream.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

function sendFrames(reply: FastifyReply, events: AnalysisStreamEvent[]) {
  return reply
    .status(200)
    .header('content-type', 'text/event-stream; charset=utf-8')
    .send(events.map(frameOf).join(''));
}

type ContextOf = (request: FastifyRequest) => RequestContext;
const toAppError = (error: unknown) => (error instanceof ProviderError ? providerFailureError(error.failure) : error);

export async function analysesRoutes(
  app: AppInstance,
  options: { provider: AnalysisProvider; statsCache: StatsCache },
) {
  const ctx = (request: FastifyRequest) => requestContext(app.deps, request);
  registerAnalyseRoute(app, ctx, options.provider);
  registerAnalysesListRoutes(app, ctx, options.statsCache);
}

/** Analysing a dream: the answer whole or streamed, a retry with the same key replayed. */
function registerAnalyseRoute(app: AppInstance, ctx: ContextOf, provider: AnalysisProvider) {
  /** Streams one analysis as server-sent events (contracts: analysisStreamEventSchema). */
  function streamAnalysis(
    request: FastifyRequest,
    reply: FastifyReply,
    context: RequestContext,
    prepared: PreparedAnalysis,
  ) {
    return streamProviderAnswer<AnalysisStreamEvent, Analysis>(request, reply, {
      provider: provider,
      baseUrl: providerBaseUrl(app.deps.config.env),
      what: 'analysis',
      run: (signal, emit) =>
        completeAnalysis(
          context,
          { prepared, signal, onDelta: (field, text) => emit({ event: 'delta', data: { field, text } }) },
          provider,
        ),
      done: (analysis) => ({ event: 'done', data: analysis }),
      toAppError,
      errorEvent: (data) => ({ event: 'error', data }),
      internalMessage: 'Não foi possível concluir a análise agora. Nenhum crédito foi usado. Tente novamente.',
    });
  }

  app.post(
    '/dreams/:id/analyses',
    {
      compress: false,
      schema: {
        tags: ['analyses'],
        summary: 'Analyse a dream. With `Accept: text/event-stream` the answer streams (start, delta…, done | error).',
        description:
          'Checks ownership (404), AI consent (403 consent_required) and quota or credits (402 analysis_limit_reached) before any ' +
          'provider call. The analysis is charged (quota first, then credits) in the transaction that stores it; a failure or a ' +
          'cancel charges nothing. A retried request with the same Idempotency-Key returns the stored analysis.',
        security: [{ bearerAuth: [] }],
        params: dreamIdParamsSchema,
        headers: idempotencyHeadersSchema,
        body: createAnalysisSchema.optional(),
        response: {
          200: analysisSchema,
          201: analysisSchema,
          402: apiErrorSchema,
          409: apiErrorSchema,
          ...errors,
          422: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const context = ctx(request);
      const outcome = await prepareAnalysis(
        context,
        {
          dreamId: request.params.id,
          language: request.body?.language,
          idempotencyKey: request.headers['idempotency-key'],
        },
        app.deps.patternAnswers.opened,
      );
      reply.header('cache-control', 'no-store');
      const isStreamWanted = (request.headers.accept ?? '').includes('text/event-stream');
      if ('replay' in outcome) {
        if (!isStreamWanted) return reply.status(200).send(outcome.replay);
        // A stream client retrying after a lost connection gets the finished analysis as a stream.
        const { provider, model } = outcome.replay;
        const frames: AnalysisStreamEvent[] = [
          { event: 'start', data: { provider, model, isGenerative: provider !== 'builtin' } },
          { event: 'done', data: outcome.replay },
        ];
        return sendFrames(reply, frames);
      }
      if (isStreamWanted) {
        await streamAnalysis(request, reply, context, outcome.prepared);
        return reply;
      }
      const controller = abortOnDisconnect(reply);
      let analysis: Analysis;
      try {
        analysis = await completeAnalysis(
          context,
          { prepared: outcome.prepared, signal: controller.signal, onDelta: () => undefined },
          provider,
        );
      } catch (error) {
        logProviderFailure(request, error, provider, providerBaseUrl(app.deps.config.env), 'analysis');
        throw toAppError(error);
      }
      return reply.status(201).send(analysis);
    },
  );
}

/** Reading and erasing the analyses: a dream's, all of them, their stats. */
function registerAnalysesListRoutes(app: AppInstance, ctx: ContextOf, statsCache: StatsCache) {
  app.get(
    '/dreams/:id/analyses',
    {
      schema: {
        tags: ['analyses'],
        summary: "A dream's analyses, newest first",
        security: [{ bearerAuth: [] }],
        params: dreamIdParamsSchema,
        response: { 200: dreamAnalysesResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await listDreamAnalyses(ctx(request), request.params.id)),
  );

  app.get(
    '/analyses',
    {
      schema: {
        tags: ['analyses'],
        summary: "The user's analyses across their dreams, newest first",
        security: [{ bearerAuth: [] }],
        querystring: listAnalysesQuerySchema,
        response: { 200: listAnalysesResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await listAnalyses(ctx(request), request.query)),
  );

  app.delete(
    '/analyses',
    {
      schema: {
        tags: ['analyses'],
        summary: "Erase all of the user's past analyses (quota and credit history stay)",
        security: [{ bearerAuth: [] }],
        response: { 200: deleteAnalysesResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await deleteAnalyses(ctx(request), statsCache)),
  );

  app.get(
    '/analyses/stats',
    {
      schema: {
        tags: ['analyses'],
        summary: 'Most frequent symbols, themes, emotions and dream types across the analyses',
        security: [{ bearerAuth: [] }],
        response: { 200: analysisStatsSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await getAnalysisStats(ctx(request), statsCache)),
  );
}
