/**
 * Domain errors thrown by services. The error plugin turns them into HTTP answers; nothing else should
 * build error responses by hand.
 */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: string,
    message: string,
    public readonly details?: { path: string; message: string }[],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(404, 'not_found', message);
  }
}

export class ValidationError extends AppError {
  constructor(message: string, details?: { path: string; message: string }[]) {
    super(400, 'validation_failed', message, details);
  }
}

export class UnauthorizedError extends AppError {
  constructor(code = 'no_authorization', message = 'This endpoint requires a valid Bearer token') {
    super(401, code, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(code = 'forbidden', message = 'Forbidden') {
    super(403, code, message);
  }
}

export class ConflictError extends AppError {
  constructor(code: string, message: string) {
    super(409, code, message);
  }
}

export class RateLimitError extends AppError {
  constructor(code = 'over_request_rate_limit', message = 'Request rate limit reached') {
    super(429, code, message);
  }
}
