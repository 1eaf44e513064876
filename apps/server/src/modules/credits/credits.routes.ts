import { creditsSummarySchema, listLedgerQuerySchema, listLedgerResponseSchema } from '@sonhario/contracts/credits';
import { apiErrorSchema } from '@sonhario/contracts/errors';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app.types.ts';
import { requestContext } from '../../context.ts';
import { getCreditsSummary, listLedger } from './credits.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

export async function creditsRoutes(app: AppInstance) {
  const ctx = (request: FastifyRequest) => requestContext(app.deps, request);

  app.get(
    '/credits',
    {
      schema: {
        tags: ['credits'],
        summary: "Credit balance, this month's quota use, and how the next analysis would be paid",
        security: [{ bearerAuth: [] }],
        response: { 200: creditsSummarySchema, ...errors },
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await getCreditsSummary(ctx(request))),
  );

  app.get(
    '/credits/ledger',
    {
      schema: {
        tags: ['credits'],
        summary: 'The credit ledger, newest first, with the balance after each row',
        security: [{ bearerAuth: [] }],
        querystring: listLedgerQuerySchema,
        response: { 200: listLedgerResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await listLedger(ctx(request), request.query)),
  );
}
