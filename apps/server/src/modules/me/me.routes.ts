import { meResponseSchema } from '@sonhario/contracts/auth';
import { apiErrorSchema } from '@sonhario/contracts/errors';
import type { AppInstance } from '../../app.types.ts';
import { requestContext } from '../../context.ts';
import { getMe } from './me.service.ts';

export async function meRoutes(app: AppInstance) {
  app.get(
    '/me',
    {
      schema: {
        tags: ['me'],
        summary: 'The signed-in user',
        security: [{ bearerAuth: [] }],
        response: { 200: meResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const me = await getMe(requestContext(app.deps, request));
      return reply.header('cache-control', 'no-store').send(me);
    },
  );
}
