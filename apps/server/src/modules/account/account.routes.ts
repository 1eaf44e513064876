import { apiErrorSchema } from '@sonhario/contracts/errors';
import { deleteAccountSchema } from '@sonhario/contracts/account';
import { z } from 'zod';
import type { AppInstance } from '../../app.types.ts';
import { requestContext } from '../../context.ts';
import { RateLimitError } from '../../errors.ts';
import { createMailer } from '../auth/auth.mailer.ts';
import { createBillingProvider } from '../billing/billing.stripe.ts';
import { deleteAccount } from './account.service.ts';

/** The account itself: deleting it (POST /me/delete). */
export async function accountRoutes(app: AppInstance) {
  const { config } = app.deps;
  // The same mailer as the auth e-mails (SMTP_URL, or DATA_DIR/outbox), for the goodbye e-mail.
  const mailer = createMailer(config, app.log);
  app.addHook('onClose', async () => mailer.close());
  const billing = createBillingProvider(config);

  app.post(
    '/me/delete',
    {
      // The password is checked here: guesses count like sign-in attempts.
      preHandler: async (request, reply) => {
        if (!(await app.rateLimits.consume('account:delete', request, reply)).allowed) throw new RateLimitError();
      },
      schema: {
        tags: ['account'],
        summary: 'Delete the account and everything in it, for good',
        description:
          'Password users send `password`; users without one (Google) must have signed in within the last 5 minutes. ' +
          'Answers 204 with no body; the session ends with the account. 400 `password_required` / `invalid_credentials` ' +
          '(wrong password) / `validation_failed` (confirmation phrase), 403 `reauthentication_needed`.',
        security: [{ bearerAuth: [] }],
        body: deleteAccountSchema,
        response: {
          204: z.null().describe('Account deleted'),
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          429: apiErrorSchema,
          502: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      await deleteAccount(
        requestContext(app.deps, request),
        { ...request.body, sessionId: request.auth.sessionId },
        {
          analysisStats: app.deps.analysisStats,
          patternAnswers: app.deps.patternAnswers,
          raritySamples: app.deps.raritySamples,
          billing,
          mailer,
          siteUrl: config.siteUrl,
        },
      );
      return reply.status(204).header('cache-control', 'no-store').send(null);
    },
  );
}
