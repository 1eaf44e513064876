import { apiErrorSchema } from '@sonhario/contracts/errors';
import { dailyBonusResponseSchema, noRecallResponseSchema, rewardsResponseSchema } from '@sonhario/contracts/rewards';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app.types.ts';
import { requestContext } from '../../context.ts';
import { claimDailyBonus, getRewards, markNoRecall, unmarkNoRecall } from './rewards.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
/** The writes take no body: an empty object at most (an unknown key is refused). */
const emptyBody = z.strictObject({}).nullish();

export async function rewardsRoutes(app: AppInstance) {
  const ctx = (request: FastifyRequest) => requestContext(app.deps, request);
  const security = [{ bearerAuth: [] }];

  app.get(
    '/rewards',
    {
      schema: {
        tags: ['rewards'],
        summary:
          'Streak, freezes, the 12-month calendar, level, achievements and the daily bonus; grants what is earned and not yet held',
        security,
        response: { 200: rewardsResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await getRewards(ctx(request))),
  );

  app.post(
    '/rewards/daily-bonus',
    {
      schema: {
        tags: ['rewards'],
        summary: 'Claim the daily bonus (Lucid and Oracle): once per local day, never twice within 20 hours',
        security,
        body: emptyBody,
        response: { 201: dailyBonusResponseSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await claimDailyBonus(ctx(request))),
  );

  app.post(
    '/rewards/no-recall',
    {
      schema: {
        tags: ['rewards'],
        summary:
          'Mark today as a night without a recalled dream (201; 200 when it already was): keeps the streak, earns nothing',
        security,
        body: emptyBody,
        response: { 201: noRecallResponseSchema, 200: noRecallResponseSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { result, isCreated } = await markNoRecall(ctx(request));
      return reply.status(isCreated ? 201 : 200).send(result);
    },
  );

  app.delete(
    '/rewards/no-recall',
    {
      schema: {
        tags: ['rewards'],
        summary: "Take back today's no-recall mark",
        security,
        response: { 200: noRecallResponseSchema, ...errors },
      },
    },
    async (request) => unmarkNoRecall(ctx(request)),
  );
}
