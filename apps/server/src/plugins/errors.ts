import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiError } from '@sonhario/contracts/errors';
import { isAppError } from '../errors.ts';

/** A 4xx raised by Fastify or a plugin (a bad JSON body, a body too large, a rate limit): it carries its status. */
function isClientError(error: unknown): error is { statusCode: number; code?: unknown; message: string } {
  return (
    typeof error === 'object' &&
    error !== null &&
    'statusCode' in error &&
    typeof error.statusCode === 'number' &&
    error.statusCode >= 400 &&
    error.statusCode < 500 &&
    'message' in error &&
    typeof error.message === 'string'
  );
}

/** Maps any thrown error to `{code, message}`. 4xx keep their message; 5xx never show internals. */
export function toApiError(error: unknown): { statusCode: number; body: ApiError } {
  if (isAppError(error)) {
    return {
      statusCode: error.statusCode,
      body: { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) },
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details = error.validation.map((issue) => ({
      path: [error.validationContext, ...(issue.instancePath || '').split('/').filter(Boolean)].join('.'),
      message: issue.message ?? 'invalid',
    }));
    return {
      statusCode: 400,
      body: { code: 'validation_failed', message: details.map((d) => `${d.path}: ${d.message}`).join('; '), details },
    };
  }
  if (isResponseSerializationError(error)) {
    return { statusCode: 500, body: { code: 'internal_error', message: 'Internal server error' } };
  }
  if (isClientError(error)) {
    const status = error.statusCode;
    const code =
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
        ? 'bad_json'
        : status === 413
          ? 'payload_too_large'
          : status === 415
            ? 'unsupported_media_type'
            : status === 429
              ? 'over_request_rate_limit'
              : 'bad_request';
    return { statusCode: status, body: { code, message: error.message } };
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
