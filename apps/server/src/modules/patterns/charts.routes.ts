import { apiErrorSchema } from '@sonhario/contracts/errors';
import { patternChartsQuerySchema, patternChartsResponseSchema } from '@sonhario/contracts/pattern-charts';
import type { AppInstance } from '../../app.types.ts';
import { requestContext } from '../../context.ts';
import { getPatternCharts } from './charts.service.ts';

export async function chartsRoutes(app: AppInstance) {
  // A kept answer (PatternAnswerCache) is checked against the contract and serialized once: "all" holds a bucket per
  // month of the journal, and validating and writing it again on every read cost more than reading it.
  const serialized = new WeakMap<object, string>();
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
    async (request, reply) => {
      const answer = await getPatternCharts(requestContext(app.deps, request), request.query, app.deps.patternAnswers);
      let body = serialized.get(answer);
      if (body === undefined) {
        body = JSON.stringify(patternChartsResponseSchema.parse(answer));
        serialized.set(answer, body);
      }
      // A string is sent as it is (Fastify serializes only objects).
      return reply
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send(body as unknown as typeof answer);
    },
  );
}
