import { overviewResponseSchema } from '@sonhario/contracts/overview';
import { apiErrorSchema } from '@sonhario/contracts/errors';
import type { AppInstance } from '../../app.types.ts';
import { requestContext } from '../../context.ts';
import { getOverview } from './overview.service.ts';

export async function overviewRoutes(app: AppInstance) {
  app.get(
    '/me/overview',
    {
      schema: {
        tags: ['me'],
        summary: 'The dashboard: dream count, streaks and the latest dreams',
        security: [{ bearerAuth: [] }],
        response: { 200: overviewResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await getOverview(requestContext(app.deps, request))),
  );
}
