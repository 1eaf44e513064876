import { apiErrorSchema } from '@sonhario/contracts/errors';
import { patternChartsQuerySchema, patternChartsResponseSchema } from '@sonhario/contracts/pattern-charts';
import type { AppInstance } from '../../app.ts';
import { requestContext } from '../../context.ts';
import { getPatternCharts } from './charts.service.ts';

export async function chartsRoutes(app: AppInstance) {
  app.get(
    '/patterns/charts',
    {
      schema: {
        tags: ['patterns'],
        summary:
          "The journal's totals and this month's counts (every plan); with a period, weekly or monthly charts in the user's time zone (Lucid and Oracle; 403 plan_required on Dreamer)",
        security: [{ bearerAuth: [] }],
        querystring: patternChartsQuerySchema,
        response: { 200: patternChartsResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await getPatternCharts(requestContext(app.deps, request), request.query, app.deps.patternAnswers)),
  );
}
