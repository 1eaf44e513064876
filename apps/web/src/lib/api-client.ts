import type { z } from 'zod';
import { loadSupabase } from './load-supabase';
import { getRuntimeConfig } from './runtime-config';

/**
 * The one HTTP client of the app API (`/api/v1`). Every call carries the current session's access token
 * (supabase-js refreshes it when due), sends and reads JSON, checks the answer against the contract's zod
 * schema, and turns every failure into an `ApiError`. Components never call it: the `features/*\/api` hooks do.
 */

export interface ApiErrorDetail {
  path: string;
  message: string;
}

/** `code` is the server's stable code (`not_found`, `version_conflict`, `validation_failed`…), or one of ours:
 * `network_error` (no answer: offline, connection lost), `not_signed_in`, `server_error`, `invalid_response`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details?: ApiErrorDetail[];

  constructor(status: number, code: string, message: string, details?: ApiErrorDetail[]) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }

  /** No answer reached us: the request may or may not have been processed (retry with the same idempotency key). */
  get isNetworkError() {
    return this.code === 'network_error';
  }

  get isNotFound() {
    return this.status === 404;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequest<S extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Undefined, null and empty values are left out. */
  query?: Record<string, QueryValue>;
  body?: unknown;
  headers?: Record<string, string>;
  /** The contract's response schema; the answer is parsed with it. */
  schema: S;
  signal?: AbortSignal;
}

export interface ApiResponse<T> {
  status: number;
  data: T;
}

function apiBase(): string {
  const { apiUrl } = getRuntimeConfig();
  return (apiUrl ?? window.location.origin).replace(/\/+$/, '') + '/api/v1';
}

export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = new URL(apiBase() + path);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    url.searchParams.set(key, String(value));
  }
  return url.toString();
}

async function accessToken(): Promise<string> {
  const supabase = await loadSupabase();
  const { data } = await supabase.auth.getSession();
  const token = data.session?.access_token;
  if (!token) throw new ApiError(401, 'not_signed_in', 'Sua sessão terminou. Entre novamente.');
  return token;
}

function isErrorBody(value: unknown): value is { code: string; message: string; details?: ApiErrorDetail[] } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { code?: unknown }).code === 'string' &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}

/** Sends one request; resolves to the status and the parsed answer, or rejects with an ApiError. */
export async function apiRequest<S extends z.ZodType>(path: string, request: ApiRequest<S>): Promise<ApiResponse<z.output<S>>> {
  const { method = 'GET', query, body, headers, schema, signal } = request;
  const token = await accessToken();
  let response: Response;
  try {
    response = await fetch(apiUrl(path, query), {
      method,
      headers: {
        accept: 'application/json',
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'network_error', 'Sem conexão com o servidor.');
  }

  let payload: unknown = undefined;
  const text = await response.text().catch(() => '');
  if (text) {
    try {
      payload = JSON.parse(text);
    } catch {
      payload = undefined;
    }
  }

  if (!response.ok) {
    if (isErrorBody(payload)) throw new ApiError(response.status, payload.code, payload.message, payload.details);
    throw new ApiError(response.status, response.status >= 500 ? 'server_error' : 'http_error', `Erro ${response.status}`);
  }
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    console.error(`Unexpected answer from ${method} ${path}:`, parsed.error);
    throw new ApiError(response.status, 'invalid_response', 'Resposta inesperada do servidor.');
  }
  return { status: response.status, data: parsed.data };
}
