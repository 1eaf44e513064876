import { apiErrorSchema } from '@sonhario/contracts/errors';
import {
  createMonthlyReportSchema,
  monthlyReportQuerySchema,
  monthlyReportSchema,
  reportMonthsResponseSchema,
  type MonthlyReport,
  type MonthlyReportStreamEvent,
} from '@sonhario/contracts/reports';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app.types.ts';
import { requestContext, type RequestContext } from '../../context.ts';
import { ProviderError } from '../ai/provider-error.ts';
import { providerBaseUrl } from '../ai/create-vendor.ts';
import { createReportWriter } from './reports.create-writer.ts';
import type { ReportWriter } from './reports.writer.ts';
import {
  ReportGenerationLimiter,
  completeReport,
  getMonthlyReport,
  listReportMonths,
  prepareReport,
  reportFailureError,
  reportLimitError,
  type PreparedReport,
} from './reports.service.ts';
import { abortOnDisconnect, logProviderFailure, streamProviderAnswer } from '../ai/event-stream.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const toAppError = (error: unknown) => (error instanceof ProviderError ? reportFailureError(error.failure) : error);

/** 'Relatório do mês' (docs/decisions/032): Oracle only; streamed like an analysis; stored sealed, one per month. */
export async function reportsRoutes(app: AppInstance, options: { writer?: ReportWriter } = {}) {
  const writer = options.writer ?? createReportWriter(app.deps.config.env);
  const limiter = new ReportGenerationLimiter();
  const ctx = (request: FastifyRequest) => requestContext(app.deps, request);

  function streamReport(
    request: FastifyRequest,
    reply: FastifyReply,
    context: RequestContext,
    prepared: PreparedReport,
  ) {
    return streamProviderAnswer<MonthlyReportStreamEvent, MonthlyReport>(request, reply, {
      provider: writer,
      baseUrl: providerBaseUrl(app.deps.config.env),
      what: 'monthly report',
      run: (signal, emit) =>
        completeReport(
          context,
          { prepared, signal, onDelta: (field, text) => emit({ event: 'delta', data: { field, text } }) },
          writer,
        ),
      done: (report) => ({ event: 'done', data: report }),
      toAppError,
      errorEvent: (data) => ({ event: 'error', data }),
      internalMessage: 'Não foi possível concluir o relatório agora. Tente novamente.',
    });
  }

  app.get(
    '/reports/months',
    {
      schema: {
        tags: ['reports'],
        summary:
          'The months with dreams or a stored monthly report, newest first (Oracle; 403 plan_required otherwise)',
        security: [{ bearerAuth: [] }],
        response: { 200: reportMonthsResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await listReportMonths(ctx(request))),
  );

  app.get(
    '/reports/monthly',
    {
      schema: {
        tags: ['reports'],
        summary: "The month's stored report, or 404 report_not_found (Oracle; 403 plan_required otherwise)",
        security: [{ bearerAuth: [] }],
        querystring: monthlyReportQuerySchema,
        response: { 200: monthlyReportSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await getMonthlyReport(ctx(request), request.query.month)),
  );

  app.post(
    '/reports/monthly',
    {
      compress: false,
      schema: {
        tags: ['reports'],
        summary:
          "Write (or rewrite) a month's report. With `Accept: text/event-stream` the answer streams (start, delta…, done | error).",
        description:
          'Oracle only (403 plan_required), checked before any provider call, then a future month (400 report_month_in_future), ' +
          'the AI consent (403 consent_required), a month without dreams (422 report_month_empty) and fair use (429 ' +
          'report_limit_reached, 10 in 24 hours). A failure or cancel stores nothing; a success replaces the month’s report.',
        security: [{ bearerAuth: [] }],
        body: createMonthlyReportSchema,
        response: { 201: monthlyReportSchema, ...errors, 422: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const context = ctx(request);
      const prepared = await prepareReport(context, request.body);
      const allowed = limiter.take(context.userId, context.now().getTime());
      if (!allowed.allowed) {
        reply.header('retry-after', String(allowed.retryAfterSeconds));
        throw reportLimitError();
      }
      reply.header('cache-control', 'no-store');
      if ((request.headers.accept ?? '').includes('text/event-stream')) {
        await streamReport(request, reply, context, prepared);
        return reply;
      }
      const controller = abortOnDisconnect(reply);
      let report: MonthlyReport;
      try {
        report = await completeReport(
          context,
          { prepared, signal: controller.signal, onDelta: () => undefined },
          writer,
        );
      } catch (error) {
        logProviderFailure(request, error, writer, providerBaseUrl(app.deps.config.env), 'monthly report');
        throw toAppError(error);
      }
      return reply.status(201).send(report);
    },
  );
}
