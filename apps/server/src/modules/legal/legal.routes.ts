import { privacyInfoSchema } from '@sonhario/contracts/legal';
import type { AppInstance } from '../../app.types.ts';
import { getPrivacyInfo } from './legal.service.ts';

/** What the legal pages show that depends on this server's configuration: public (no sign-in). */
export async function legalRoutes(app: AppInstance) {
  app.get(
    '/privacy-info',
    {
      schema: {
        tags: ['privacy'],
        summary: 'What this server does with dream text (AI provider and host, retention, contact): public',
        response: { 200: privacyInfoSchema },
      },
    },
    // Configuration changes only with a restart; a minute of caching costs nothing.
    async (_request, reply) => reply.header('cache-control', 'public, max-age=60').send(getPrivacyInfo(app.deps)),
  );
}
