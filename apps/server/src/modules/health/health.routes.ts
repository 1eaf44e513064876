import { apiErrorSchema } from '@sonhario/contracts/errors';
import { healthResponseSchema } from '@sonhario/contracts/health';
import type { AppInstance } from '../../app.types.ts';
import { checkHealth } from './health.service.ts';

export async function healthRoutes(app: AppInstance) {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database readiness',
        response: { 200: healthResponseSchema, 503: healthResponseSchema, 500: apiErrorSchema },
      },
    },
    async (_request, reply) => {
      const health = await checkHealth(app.deps.database);
      return reply
        .status(health.status === 'ok' ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(health);
    },
  );
}
