import { apiErrorSchema } from '@sonhario/contracts/errors';
import {
  dreamSignPinSchema,
  dreamSignsResponseSchema,
  pinDreamSignSchema,
  pinIdParamsSchema,
} from '@sonhario/contracts/pattern-signs';
import { z } from 'zod';
import type { AppInstance } from '../../app.types.ts';
import { requestContext } from '../../context.ts';
import { getDreamSigns, pinDreamSign, unpinDreamSign } from './signs.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/** Dream signs, their pins and what goes together (issue 16, docs/decisions/031): Lucid and Oracle. */
export async function signsRoutes(app: AppInstance) {
  app.get(
    '/patterns/signs',
    {
      schema: {
        tags: ['patterns'],
        summary:
          "The symbols, people, places, tags and emotions that recur in the user's dreams, pinned first, with the dreams they are in, and what tends to appear together (Lucid and Oracle; 403 plan_required on Dreamer)",
        security: [{ bearerAuth: [] }],
        response: { 200: dreamSignsResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await getDreamSigns(requestContext(app.deps, request), app.deps.patternAnswers)),
  );

  app.post(
    '/patterns/signs/pins',
    {
      schema: {
        tags: ['patterns'],
        summary: 'Pins a dream sign (409 sign_already_pinned; 409 too_many_pins beyond 20)',
        security: [{ bearerAuth: [] }],
        body: pinDreamSignSchema,
        response: { 201: dreamSignPinSchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await pinDreamSign(requestContext(app.deps, request), request.body)),
  );

  app.delete(
    '/patterns/signs/pins/:id',
    {
      schema: {
        tags: ['patterns'],
        summary: "Unpins a dream sign (404 for an unknown id or another user's pin)",
        security: [{ bearerAuth: [] }],
        params: pinIdParamsSchema,
        response: { 204: z.null(), 404: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      await unpinDreamSign(requestContext(app.deps, request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
