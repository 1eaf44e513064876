import { DICTATION_LIMITS, dictationResponseSchema, dictationStatusSchema } from '@sonhario/contracts/dictation';
import { ANALYSIS_ERROR_CODES } from '@sonhario/contracts/analyses';
import { apiErrorSchema } from '@sonhario/contracts/errors';
import { z } from 'zod';
import type { AppInstance } from '../../app.types.ts';
import { requestContext } from '../../context.ts';
import { AppError, ForbiddenError, RateLimitError } from '../../errors.ts';
import { hasConsent } from '../consents/consents.service.ts';
import { getProfile } from '../profile/profile.service.ts';
import { createTranscriber, dictationAudioType, transcriptionError, type Transcriber } from './dictation.service.ts';

/** Dictation (docs/decisions/038): GET says whether it is on; POST turns a recording into text. */
export async function dictationRoutes(app: AppInstance, options: { transcriber?: Transcriber | null } = {}) {
  const transcriber = options.transcriber === undefined ? createTranscriber(app.deps.config.env) : options.transcriber;
  const security = [{ bearerAuth: [] }];

  // Only in this plugin's scope: audio bodies as a Buffer, up to the limit (a longer one is 413 payload_too_large).
  app.addContentTypeParser(
    /^audio\//,
    { parseAs: 'buffer', bodyLimit: DICTATION_LIMITS.maxBytes },
    (_request, body, done) => {
      done(null, body);
    },
  );

  app.get(
    '/dictation',
    {
      schema: {
        tags: ['dictation'],
        summary: 'Whether dictation is available (AI_TRANSCRIPTION_MODEL set), and its limits',
        security,
        response: { 200: dictationStatusSchema, 401: apiErrorSchema },
      },
    },
    async () => ({
      isAvailable: transcriber !== null,
      maxBytes: DICTATION_LIMITS.maxBytes,
      maxSeconds: DICTATION_LIMITS.maxSeconds,
    }),
  );

  app.post(
    '/dictation',
    {
      schema: {
        tags: ['dictation'],
        summary:
          'Transcribe a recording (audio/webm, audio/ogg, audio/mp4, audio/mpeg, audio/wav) in the user language',
        description:
          '404 `dictation_not_configured` without AI_TRANSCRIPTION_MODEL; 403 `consent_required` without AI consent ' +
          '(checked before anything is sent); 413 over 10 MB; 415 for another type; 502/504 when the model fails. ' +
          'The audio is never stored or logged. `language`: pt or en (default: the profile locale).',
        security,
        querystring: z.object({ language: z.enum(['pt', 'en']).optional() }),
        response: {
          200: dictationResponseSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          413: apiErrorSchema,
          415: apiErrorSchema,
          429: apiErrorSchema,
          502: apiErrorSchema,
          504: apiErrorSchema,
        },
      },
      // Refusals before any audio goes anywhere (after the API's own input checks, as every route's).
      preHandler: async (request, reply) => {
        if (!transcriber) {
          throw new AppError(404, 'dictation_not_configured', 'Ditado não configurado neste servidor');
        }
        if (!dictationAudioType(request.headers['content-type'])) {
          throw new AppError(415, 'unsupported_media_type', 'Formato de áudio não suportado');
        }
        if (!(await hasConsent(requestContext(app.deps, request), 'ai_analysis'))) {
          throw new ForbiddenError(
            ANALYSIS_ERROR_CODES.consentRequired,
            'Para ditar, é preciso autorizar o uso de IA. Nenhum áudio foi enviado.',
          );
        }
        if (!(await app.rateLimits.consume('dictation', request, reply)).allowed) throw new RateLimitError();
      },
    },
    async (request) => {
      if (!transcriber) throw new AppError(404, 'dictation_not_configured', 'Ditado não configurado neste servidor');
      const audio = request.body as Buffer;
      if (!Buffer.isBuffer(audio) || audio.length === 0) {
        throw new AppError(400, 'bad_request', 'Gravação vazia');
      }
      const ctx = requestContext(app.deps, request);
      const language = request.query.language ?? ((await getProfile(ctx)).locale === 'en' ? 'en' : 'pt');
      try {
        const text = await transcriber.transcribe(audio, {
          mimeType: request.headers['content-type'] ?? 'audio/webm',
          language,
        });
        return { text: text.trim() };
      } catch (error) {
        throw transcriptionError(error, transcriber.baseUrl, request.log);
      }
    },
  );
}
