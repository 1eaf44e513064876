import { consentsResponseSchema, recordConsentSchema } from '@sonhario/contracts/consents';
import { apiErrorSchema } from '@sonhario/contracts/errors';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app.types.ts';
import { requestContext } from '../../context.ts';
import { getConsents, recordConsent } from './consents.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

export async function consentsRoutes(app: AppInstance) {
  const ctx = (request: FastifyRequest) => requestContext(app.deps, request);

  app.get(
    '/me/consents',
    {
      schema: {
        tags: ['consents'],
        summary: "The user's answer for each consent purpose",
        security: [{ bearerAuth: [] }],
        response: { 200: consentsResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await getConsents(ctx(request))),
  );

  app.post(
    '/me/consents',
    {
      schema: {
        tags: ['consents'],
        summary: 'Answer the consent question (grant, decline or withdraw) for some purposes',
        security: [{ bearerAuth: [] }],
        body: recordConsentSchema,
        response: { 200: consentsResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await recordConsent(ctx(request), request.body)),
  );
}
