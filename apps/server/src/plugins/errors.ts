import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiError } from '@sonhario/contracts/errors';
import { AppError } from '../errors.ts';

/** Maps any thrown error to `{code, message}`. 4xx keep their message; 5xx never show internals. */
export function toApiError(error: unknown): { statusCode: number; body: ApiError } {
  if (error instanceof AppError) {
    return {
      statusCode: error.statusCode,
      body: { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) },
    };
  }
  const fastifyError = error as FastifyError;
  if (hasZodFastifySchemaValidationErrors(fastifyError)) {
    const details = fastifyError.validation.map((issue) => ({
      path: [fastifyError.validationContext, ...(issue.instancePath || '').split('/').filter(Boolean)].join('.'),
      message: issue.message ?? 'invalid',
    }));
    return {
      statusCode: 400,
      body: { code: 'validation_failed', message: details.map((d) => `${d.path}: ${d.message}`).join('; '), details },
    };
  }
  if (isResponseSerializationError(fastifyError)) {
    return { statusCode: 500, body: { code: 'internal_error', message: 'Internal server error' } };
  }
  const status = fastifyError?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const code =
      fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
        ? 'bad_json'
        : status === 413
          ? 'payload_too_large'
          : status === 415
            ? 'unsupported_media_type'
            : status === 429
              ? 'over_request_rate_limit'
              : 'bad_request';
    return { statusCode: status, body: { code, message: fastifyError.message } };
  }
  return { statusCode: 500, body: { code: 'internal_error', message: 'Internal server error' } };
}

export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error, request, reply) => {
      const { statusCode, body } = toApiError(error);
      if (statusCode >= 500) request.log.error({ err: error }, 'request failed');
      else request.log.info({ code: body.code, statusCode }, 'request rejected');
      return reply.status(statusCode).send(body);
    });
  },
  { name: 'errors' },
);
