import type { ApiErrorCode } from '@sonhario/contracts/errors';

export interface ErrorDetail {
  path: string;
  message: string;
}

/**
 * Domain errors thrown by services. The error plugin turns them into HTTP answers; nothing else should
 * build error responses by hand. `code` is one of the contract's API_ERROR_CODES, so an unlisted code does not
 * compile (the auth module's errors use GoTrue's list instead, see auth.errors.ts). `NoInfer` keeps a literal
 * argument from widening the list to itself.
 */
export class AppError<Code extends string = ApiErrorCode> extends Error {
  public readonly code: Code;

  constructor(
    public readonly statusCode: number,
    code: NoInfer<Code>,
    message: string,
    public readonly details?: ErrorDetail[],
  ) {
    super(message);
    this.code = code;
    this.name = new.target.name;
  }
}

/**
 * Whether a thrown value is a domain error. `instanceof AppError` alone narrows to `AppError<any>` (the class is
 * generic), which would let an untyped code flow into answers; a code is a string whichever list it comes from.
 */
export function isAppError(error: unknown): error is AppError<string> {
  return error instanceof AppError;
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(404, 'not_found', message);
  }
}

export class ValidationError extends AppError {
  constructor(message: string, details?: ErrorDetail[]) {
    super(400, 'validation_failed', message, details);
  }
}

export class ForbiddenError extends AppError {
  constructor(code: ApiErrorCode, message: string) {
    super(403, code, message);
  }
}

export class ConflictError extends AppError {
  constructor(code: ApiErrorCode, message: string) {
    super(409, code, message);
  }
}

export class RateLimitError extends AppError {
  constructor(code: ApiErrorCode = 'over_request_rate_limit', message = 'Request rate limit reached') {
    super(429, code, message);
  }
}
