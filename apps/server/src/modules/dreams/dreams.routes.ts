import {
  createDreamSchema,
  deleteDreamResponseSchema,
  dreamIdParamsSchema,
  dreamSchema,
  idempotencyHeadersSchema,
  listDreamsQuerySchema,
  listDreamsResponseSchema,
  tagsResponseSchema,
  updateDreamSchema,
} from '@sonhario/contracts/dreams';
import { apiErrorSchema } from '@sonhario/contracts/errors';
import { createDreamResponseSchema } from '@sonhario/contracts/rewards';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app.types.ts';
import { requestContext } from '../../context.ts';
import {
  createDream,
  deleteDream,
  getDream,
  listDreams,
  listTags,
  restoreDream,
  updateDream,
} from './dreams.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

export async function dreamsRoutes(app: AppInstance) {
  const ctx = (request: FastifyRequest) => requestContext(app.deps, request);
  const security = [{ bearerAuth: [] }];

  app.get(
    '/dreams',
    {
      schema: {
        tags: ['dreams'],
        summary: 'The journal, newest night first; search and filters combine with AND',
        security,
        querystring: listDreamsQuerySchema,
        response: { 200: listDreamsResponseSchema, ...errors },
      },
    },
    async (request) => listDreams(ctx(request), request.query),
  );

  app.post(
    '/dreams',
    {
      schema: {
        tags: ['dreams'],
        summary:
          'Record a dream (201) with what saving it earned; a retry with the same Idempotency-Key returns the first one (200, nothing earned)',
        security,
        headers: idempotencyHeadersSchema,
        body: createDreamSchema,
        response: { 201: createDreamResponseSchema, 200: createDreamResponseSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { dream, isCreated, rewards } = await createDream(ctx(request), {
        body: request.body,
        idempotencyKey: request.headers['idempotency-key'],
      });
      return reply
        .status(isCreated ? 201 : 200)
        .header('location', `/api/v1/dreams/${dream.id}`)
        .send({ ...dream, rewards });
    },
  );

  app.get(
    '/dreams/:id',
    {
      schema: {
        tags: ['dreams'],
        summary: 'One dream',
        security,
        params: dreamIdParamsSchema,
        response: { 200: dreamSchema, ...errors },
      },
    },
    async (request) => getDream(ctx(request), request.params.id),
  );

  app.patch(
    '/dreams/:id',
    {
      schema: {
        tags: ['dreams'],
        summary: 'Change some fields; a stale `version` answers 409 version_conflict',
        security,
        params: dreamIdParamsSchema,
        body: updateDreamSchema,
        response: { 200: dreamSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request) => updateDream(ctx(request), { id: request.params.id, patch: request.body }),
  );

  app.delete(
    '/dreams/:id',
    {
      schema: {
        tags: ['dreams'],
        summary: 'Delete a dream (restorable until purgeAfter, ten minutes)',
        security,
        params: dreamIdParamsSchema,
        response: { 200: deleteDreamResponseSchema, ...errors },
      },
    },
    async (request) => deleteDream(ctx(request), request.params.id),
  );

  app.post(
    '/dreams/:id/restore',
    {
      schema: {
        tags: ['dreams'],
        summary: 'Undo a delete before purgeAfter',
        security,
        params: dreamIdParamsSchema,
        response: { 200: dreamSchema, ...errors },
      },
    },
    async (request) => restoreDream(ctx(request), request.params.id),
  );

  app.get(
    '/tags',
    {
      schema: {
        tags: ['dreams'],
        summary: "The user's tags with how many dreams carry each, most used first",
        security,
        response: { 200: tagsResponseSchema, ...errors },
      },
    },
    async (request) => listTags(ctx(request)),
  );
}
