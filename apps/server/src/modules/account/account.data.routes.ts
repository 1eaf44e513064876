import { Readable } from 'node:stream';
import { apiErrorSchema } from '@sonhario/contracts/errors';
import {
  EXPORT_SCHEMA_VERSION,
  exportQuerySchema,
  IMPORT_LIMITS,
  importFileSchema,
  importResultSchema,
  sessionsResponseSchema,
} from '@sonhario/contracts/account';
import type { FastifyError, FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app.types.ts';
import { requestContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { createHtmlExportWriter } from './account.export-html.ts';
import { createJsonExportWriter } from './account.export-json.ts';
import {
  explainRejectedImport,
  exportFileName,
  importDreams,
  listSessions,
  writeExport,
} from './account.data.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const security = [{ bearerAuth: [] }];
const MEGABYTE = 1024 * 1024;

/** The body parser's refusals of an import, said in the user's words (the root handler then answers them). */
function importBodyError(error: FastifyError): unknown {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError(
        400,
        'bad_json',
        'O arquivo não é um JSON válido. Envie o arquivo .json baixado em "Exportar meus dados".',
      );
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError(
        413,
        'payload_too_large',
        `O arquivo passa de ${IMPORT_LIMITS.maxBytes / MEGABYTE} MB. Divida-o em partes menores.`,
      );
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError(
        415,
        'unsupported_media_type',
        'Envie o arquivo de exportação como JSON (Content-Type: application/json).',
      );
    default:
      return error;
  }
}

/** LGPD art. 18 / GDPR art. 15–20: the user's data as a file, its dreams back from a file, their devices. */
export async function accountDataRoutes(app: AppInstance) {
  const ctx = (request: FastifyRequest) => requestContext(app.deps, request);

  app.get(
    '/me/export',
    {
      schema: {
        tags: ['privacy'],
        summary: 'Download everything stored about the user (JSON or printable HTML), streamed',
        description:
          'Answers a file (Content-Disposition: attachment; filename "sonhario-export-YYYY-MM-DD.json|html"), written page by page. ' +
          'JSON follows exportFileSchema (docs/export-format.md); HTML is a pt-BR document for reading and printing.',
        security,
        querystring: exportQuerySchema,
        response: { ...errors, 404: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const context = ctx(request);
      // The key first: without it the dreams cannot be opened, and a 200 already sent would end as a cut file.
      await context.keys.forUser(context.userId);
      const writer = request.query.format === 'html' ? createHtmlExportWriter() : createJsonExportWriter();
      const fileName = await exportFileName(context, writer.extension);
      const chunks = writeExport(context, writer);
      // The head is read before answering: a failure there is still a JSON error with its status, not a cut file.
      const head = await chunks.next();
      async function* body() {
        if (!head.done) yield head.value;
        yield* chunks;
      }
      return (
        reply
          .status(200)
          .header('content-type', writer.contentType)
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'no-store')
          // A stream is piped as it is, past the response serializer (and through compression, which streams).
          .send(Readable.from(body(), { objectMode: false }) as never)
      );
    },
  );

  app.post(
    '/me/import',
    {
      bodyLimit: IMPORT_LIMITS.maxBytes,
      // The schema documents the body; failures are explained by the handler (wrong version, too many dreams…).
      attachValidation: true,
      errorHandler: (error) => {
        throw importBodyError(error);
      },
      schema: {
        tags: ['privacy'],
        summary:
          'Restore the dreams of an export file (only dreams) into the caller journal, skipping those already there',
        description:
          `Body: the JSON file of GET /me/export (schemaVersion ${EXPORT_SCHEMA_VERSION}), up to ${IMPORT_LIMITS.maxBytes / MEGABYTE} MB and ` +
          `${IMPORT_LIMITS.maxDreams} dreams. Errors: 400 invalid_export | unsupported_export_version | bad_json | invalid_text | validation_failed, ` +
          '413 import_too_large | payload_too_large, 415 unsupported_media_type.',
        security,
        // The export file minus the security log, which is stripped unread (the import restores only dreams).
        body: importFileSchema,
        response: { 200: importResultSchema, ...errors, 413: apiErrorSchema, 415: apiErrorSchema },
      },
    },
    async (request, reply) => {
      if (request.validationError) {
        const validation =
          (request.validationError as { validation?: { instancePath?: string; message?: string }[] }).validation ?? [];
        const issues = validation.map((issue) => ({
          path: ['body', ...(issue.instancePath || '').split('/').filter(Boolean)].join('.'),
          message: issue.message ?? 'inválido',
        }));
        throw explainRejectedImport(request.body, issues);
      }
      return reply.header('cache-control', 'no-store').send(await importDreams(ctx(request), request.body));
    },
  );

  app.get(
    '/me/sessions',
    {
      schema: {
        tags: ['privacy'],
        summary: "The user's signed-in devices, most recently used first; isCurrent marks the caller's",
        security,
        response: { 200: sessionsResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await listSessions(ctx(request), request.auth.sessionId)),
  );
}
