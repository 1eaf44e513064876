import {
  adminUserBodySchema,
  adminListQuerySchema,
  adminUserListSchema,
  adminUserParamsSchema,
  authUserSchema,
} from '@sonhario/contracts/auth';
import type { AppInstance } from '../../app.types.ts';
import { createBillingProvider } from '../billing/billing.stripe.ts';
import { assertServiceRole, contextOf, type AuthModuleState } from './auth.http.ts';
import {
  createUserAsAdmin,
  deleteUserAsAdmin,
  getUserAsAdmin,
  listUsersAsAdmin,
  updateUserAsAdmin,
} from './auth.admin.service.ts';

const DEFAULT_PER_PAGE = 50;

/** GoTrue's admin API (supabase.auth.admin.*), for the service-role key only. */
export async function authAdminRoutes(app: AppInstance, state: AuthModuleState) {
  // An operator's deletion cancels the user's subscriptions at Stripe first, as the user's own does.
  const billing = createBillingProvider(app.deps.config);
  app.addHook('preHandler', (request) => assertServiceRole(app, request));

  app.get(
    '/admin/users',
    { schema: { querystring: adminListQuerySchema, response: { 200: adminUserListSchema } } },
    async (request, reply) => {
      const page = request.query.page || 1;
      const perPage = request.query.per_page || DEFAULT_PER_PAGE;
      const { users, total } = await listUsersAsAdmin(contextOf(app, state, request), { page, perPage });
      // supabase-js reads the pagination from these two headers, in GoTrue's format.
      const lastPage = Math.max(1, Math.ceil(total / perPage));
      const links = [`</admin/users?page=${lastPage}&per_page=${perPage}>; rel="last"`];
      if (page < lastPage) links.unshift(`</admin/users?page=${page + 1}&per_page=${perPage}>; rel="next"`);
      reply.header('x-total-count', String(total)).header('link', links.join(', '));
      return { users, aud: 'authenticated' };
    },
  );

  app.get(
    '/admin/users/:id',
    { schema: { params: adminUserParamsSchema, response: { 200: authUserSchema } } },
    async (request) => getUserAsAdmin(contextOf(app, state, request), request.params.id),
  );

  app.post(
    '/admin/users',
    { schema: { body: adminUserBodySchema, response: { 200: authUserSchema } } },
    async (request) => createUserAsAdmin(contextOf(app, state, request), request.body),
  );

  app.put(
    '/admin/users/:id',
    { schema: { params: adminUserParamsSchema, body: adminUserBodySchema, response: { 200: authUserSchema } } },
    async (request) => updateUserAsAdmin(contextOf(app, state, request), request.params.id, request.body),
  );

  app.delete('/admin/users/:id', { schema: { params: adminUserParamsSchema } }, async (request) => {
    await deleteUserAsAdmin(contextOf(app, state, request), request.params.id, {
      analysisStats: app.deps.analysisStats,
      patternAnswers: app.deps.patternAnswers,
      raritySamples: app.deps.raritySamples,
      billing,
    });
    return {};
  });
}
