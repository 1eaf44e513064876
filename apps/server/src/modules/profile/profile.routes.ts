import { apiErrorSchema } from '@sonhario/contracts/errors';
import { setPlanSchema } from '@sonhario/contracts/credits';
import { profileSchema, updateProfileSchema } from '@sonhario/contracts/profile';
import { adminUserParamsSchema } from '@sonhario/contracts/auth';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app.types.ts';
import { requestContext } from '../../context.ts';
import { assertServiceRole } from '../auth/auth.http.ts';
import { getProfile, setPlan, updateProfile } from './profile.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

export async function profileRoutes(app: AppInstance) {
  const ctx = (request: FastifyRequest) => requestContext(app.deps, request);

  app.get(
    '/me/profile',
    {
      schema: {
        tags: ['profile'],
        summary: "The user's settings (created with defaults on first access)",
        security: [{ bearerAuth: [] }],
        response: { 200: profileSchema, ...errors },
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await getProfile(ctx(request))),
  );

  app.patch(
    '/me/profile',
    {
      schema: {
        tags: ['profile'],
        summary: 'Change the time zone, language or theme',
        security: [{ bearerAuth: [] }],
        body: updateProfileSchema,
        response: { 200: profileSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await updateProfile(ctx(request), request.body)),
  );
}

/** Operators only (the service-role key, as for /auth/v1/admin): set a user's plan. */
export async function profileAdminRoutes(app: AppInstance) {
  app.put(
    '/admin/users/:id/plan',
    {
      // Before the body is read, as the /api/v1 authentication does for users' routes.
      onRequest: async (request) => assertServiceRole(app, request),
      schema: {
        tags: ['admin'],
        summary: "Change a user's plan (service-role key)",
        security: [{ bearerAuth: [] }],
        params: adminUserParamsSchema,
        body: setPlanSchema,
        response: { 200: profileSchema, ...errors, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const profile = await setPlan(
        { db: app.deps.database.db, userId: request.params.id, now: app.deps.now },
        request.body.plan,
      );
      return reply.header('cache-control', 'no-store').send(profile);
    },
  );
}
