import { apiErrorSchema } from '@sonhario/contracts/errors';
import {
  createSupportMessageSchema,
  supportMessageSchema,
  supportMessagesResponseSchema,
} from '@sonhario/contracts/support';
import type { AppInstance } from '../../app.types.ts';
import { requestContext } from '../../context.ts';
import { createMailer } from '../auth/auth.mailer.ts';
import { SUPPORT_LIST_LIMIT, listSupportMessages, sendSupportMessage } from './support.service.ts';

/** Help ('Ajuda'): the user's messages to the operator and the answers (docs/decisions/027). */
export async function supportRoutes(app: AppInstance) {
  const { config } = app.deps;
  // The same mailer as the auth e-mails (SMTP_URL, or DATA_DIR/outbox).
  const mailer = createMailer(config, app.log);
  app.addHook('onClose', async () => mailer.close());
  const mail = { mailer, supportEmail: config.env.SUPPORT_EMAIL, siteUrl: config.siteUrl };
  const security = [{ bearerAuth: [] }];

  app.post(
    '/support/messages',
    {
      schema: {
        tags: ['support'],
        summary: 'Write to support',
        description:
          "Subject, message and optionally one of the caller's live dreams (else 404 `not_found`), sealed at rest and " +
          'e-mailed to the operator. Priority when the plan is Oracle. At most 10 in 24 hours: 429 `support_rate_limited`.',
        security,
        body: createSupportMessageSchema,
        response: {
          201: supportMessageSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .header('cache-control', 'no-store')
        .send(await sendSupportMessage(requestContext(app.deps, request), request.body, mail)),
  );

  app.get(
    '/support/messages',
    {
      schema: {
        tags: ['support'],
        summary: `The caller's messages to support with their answers, newest first (${String(SUPPORT_LIST_LIMIT)} at most), and the response time their plan promises`,
        security,
        response: { 200: supportMessagesResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await listSupportMessages(requestContext(app.deps, request))),
  );
}
