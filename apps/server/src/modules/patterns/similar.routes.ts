import { dreamIdParamsSchema } from '@sonhario/contracts/dreams';
import { apiErrorSchema } from '@sonhario/contracts/errors';
import { similarDreamsResponseSchema } from '@sonhario/contracts/patterns';
import type { AppInstance } from '../../app.types.ts';
import { requestContext } from '../../context.ts';
import { listSimilarDreams } from './similar.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** Similar dreams (issue 16, docs/decisions/028): Lucid and Oracle. */
export async function similarRoutes(app: AppInstance) {
  app.get(
    '/dreams/:id/similar',
    {
      schema: {
        tags: ['patterns'],
        summary:
          "Up to five of the user's dreams most like this one, with the words and analysis symbols they share (Lucid and Oracle; 403 plan_required on Dreamer)",
        security: [{ bearerAuth: [] }],
        params: dreamIdParamsSchema,
        response: { 200: similarDreamsResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await listSimilarDreams(requestContext(app.deps, request), request.params.id, app.deps.raritySamples)),
  );
}
