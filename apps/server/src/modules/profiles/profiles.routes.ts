import { apiErrorSchema } from '@sonhario/contracts/errors';
import { profileSchema, updateProfileSchema } from '@sonhario/contracts/profile';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app.ts';
import { getProfile, updateProfile, type ProfilesContext } from './profiles.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

export async function profilesRoutes(app: AppInstance) {
  const ctx = (request: FastifyRequest): ProfilesContext => ({
    db: app.deps.database.db,
    userId: request.auth.userId,
    now: app.deps.now,
  });

  app.get(
    '/me/profile',
    {
      preHandler: app.authenticate,
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
      preHandler: app.authenticate,
      schema: {
        tags: ['profile'],
        summary: 'Change the time zone, language or theme',
        security: [{ bearerAuth: [] }],
        body: updateProfileSchema,
        response: { 200: profileSchema, ...errors },
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await updateProfile(ctx(request), request.body)),
  );
}
