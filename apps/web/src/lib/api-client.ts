import { createParser } from 'eventsource-parser';
import type { z } from 'zod';
import { loadSupabase } from './load-supabase';
import { getRuntimeConfig } from './runtime-config';
import { holdDataFor, sessionGeneration } from './session-data';

/**
 * The one HTTP client of the app API (`/api/v1`). Every call carries the current session's access token
 * (supabase-js refreshes it when due; public endpoints go without), sends and reads JSON, checks the answer
 * against the contract's zod schema, and turns every failure into an `ApiError`. Components never call it: the `features/*\/api` hooks do.
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
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Undefined, null and empty values are left out. */
  query?: Record<string, QueryValue>;
  /** Sent as JSON; a Blob (a recording) is sent as it is, with its own type. */
  body?: unknown;
  headers?: Record<string, string>;
  /** The contract's response schema; the answer is parsed with it. */
  schema: S;
  signal?: AbortSignal;
  /** A public endpoint (GET /privacy-info): sent without the access token, so it works signed out too. */
  isPublic?: boolean;
}

export interface ApiResponse<T> {
  status: number;
  data: T;
}

function apiBase(): string {
  const { apiUrl } = getRuntimeConfig();
  return (apiUrl ?? window.location.origin).replace(/\/+$/, '') + '/api/v1';
}

function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = new URL(apiBase() + path);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    url.searchParams.set(key, String(value));
  }
  return url.toString();
}

/**
 * The current session's access token. Its user now holds the app's data (`holdDataFor`: another user's cached data
 * is forgotten first); returned with the generation the answer must still belong to when it lands.
 *
 * A request is sent only in the session it was asked in. When the user's data is forgotten while the session is
 * looked up ('Sair', or another account signed in from another tab), nothing is sent: a read's answer would be
 * refused on arrival, and a write would go out with the next session's token, into the next person's account.
 */
async function accessToken(): Promise<{ token: string; generation: number }> {
  const askedIn = sessionGeneration();
  const supabase = await loadSupabase();
  const { session } = (await supabase.auth.getSession()).data;
  assertSameSession(askedIn);
  if (!session?.access_token) throw new ApiError(401, 'not_signed_in', 'Sua sessão terminou. Entre novamente.');
  holdDataFor(session.user.id);
  return { token: session.access_token, generation: sessionGeneration() };
}

function isErrorBody(value: unknown): value is { code: string; message: string; details?: ApiErrorDetail[] } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { code?: unknown }).code === 'string' &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}

/** The ApiError for a failed answer: the server's `{code, message}` body, else a generic one by status. */
function errorOf(status: number, payload: unknown): ApiError {
  if (isErrorBody(payload)) return new ApiError(status, payload.code, payload.message, payload.details);
  return new ApiError(status, status >= 500 ? 'server_error' : 'http_error', `Erro ${status}`);
}

/** Answers meaning this device's session is over (signed out elsewhere, password changed, account deleted). */
const SESSION_GONE_CODES = new Set(['session_not_found', 'bad_jwt', 'no_authorization', 'not_signed_in']);

/**
 * Turns a failed answer into an ApiError; when the server says the session no longer exists, also ends it on
 * this device (supabase-js would only notice at its next refresh, up to an hour later), so the protected routes
 * send the user to /login at once instead of showing empty screens.
 */
function failureOf(status: number, payload: unknown): ApiError {
  const error = errorOf(status, payload);
  if (status === 401 || (status === 403 && SESSION_GONE_CODES.has(error.code))) {
    void loadSupabase()
      .then((supabase) => supabase.auth.signOut({ scope: 'local' }))
      .catch(() => undefined);
  }
  return error;
}

/** The answer's body as JSON, or undefined when there is none or it is not JSON (a proxy's HTML error page). */
/**
 * The answer's JSON, or undefined when it is not JSON. A body cut off by the caller's abort (TanStack Query cancels a
 * query whose answer is no longer wanted, even after the headers came) rethrows the abort: it is not a bad answer.
 */
async function jsonOrUndefined(response: Response, signal?: AbortSignal): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    if (signal?.aborted) throw error;
    return undefined;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * An answer that arrives after the signed-in user's data was forgotten (sign-out while it was on its way) belongs to
 * nobody on this device any more: refused before anything reads it, so neither its data nor its failure (a 401 would
 * end the session) reaches the next user.
 */
function assertSameSession(generation: number) {
  if (sessionGeneration() !== generation)
    throw new ApiError(0, 'session_changed', 'Sua sessão terminou. Entre novamente.');
}

/** Sends one request; resolves to the status and the parsed answer, or rejects with an ApiError. */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  request: ApiRequest<S>,
): Promise<ApiResponse<z.output<S>>> {
  const { method = 'GET', query, body, headers, schema, signal, isPublic = false } = request;
  const { token, generation } = isPublic ? { token: null, generation: 0 } : await accessToken();
  let response: Response;
  try {
    response = await fetch(apiUrl(path, query), {
      method,
      headers: {
        accept: 'application/json',
        ...(token === null ? {} : { authorization: `Bearer ${token}` }),
        ...(body === undefined ? {} : { 'content-type': body instanceof Blob ? body.type : 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : body instanceof Blob ? body : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'network_error', 'Sem conexão com o servidor.');
  }

  const payload = await jsonOrUndefined(response, signal);
  if (!isPublic) assertSameSession(generation);

  if (!response.ok) throw isPublic ? errorOf(response.status, payload) : failureOf(response.status, payload);
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    console.error(`Unexpected answer from ${method} ${path}:`, parsed.error.issues);
    throw new ApiError(response.status, 'invalid_response', 'Resposta inesperada do servidor.');
  }
  return { status: response.status, data: parsed.data };
}

// --- downloads (files) -------------------------------------------------------------------------------------------

export interface ApiDownload {
  blob: Blob;
  /** The server's name for the file (Content-Disposition), or null when it gave none. */
  fileName: string | null;
}

/** The file name of a Content-Disposition header: RFC 6266's `filename*` (UTF-8) first, else `filename`. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed escape: fall back to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(disposition);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name || null;
}

/**
 * GETs a file (an export) with the session's token and resolves to its bytes and the server's file name; a failure
 * is the server's JSON error as an ApiError, as with `apiRequest`. The caller saves it (a link can't carry the token).
 */
export async function downloadApi(
  path: string,
  request: { query?: Record<string, QueryValue>; signal?: AbortSignal } = {},
): Promise<ApiDownload> {
  const { query, signal } = request;
  const { token, generation } = await accessToken();
  let response: Response;
  try {
    response = await fetch(apiUrl(path, query), { headers: { authorization: `Bearer ${token}` }, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'network_error', 'Sem conexão com o servidor.');
  }
  if (!response.ok) {
    const payload = await jsonOrUndefined(response);
    assertSameSession(generation);
    throw failureOf(response.status, payload);
  }
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch (error) {
    if (signal?.aborted) throw error;
    // The connection died while the file was arriving.
    throw new ApiError(0, 'network_error', 'Sem conexão com o servidor.');
  }
  assertSameSession(generation);
  return { blob, fileName: fileNameOf(response.headers.get('content-disposition')) };
}

// --- streaming (text/event-stream) -------------------------------------------------------------------------------

/** One server-sent event: its name (`message` when the frame names none) and its data lines joined by "\n". */
export interface SseFrame {
  event: string;
  data: string;
}

/**
 * An incremental text/event-stream parser (eventsource-parser, WHATWG HTML §9.2): feed it text as it arrives, cut
 * anywhere (inside a line, between "\r" and "\n"), and it calls `onFrame` once per complete frame. Comment lines
 * (":" heartbeats), `id` and `retry` fields are skipped; a frame still open when the stream ends is dropped, as
 * browsers' EventSource does.
 */
export function createSseParser(onFrame: (frame: SseFrame) => void) {
  const parser = createParser({
    onEvent: (message) => {
      onFrame({ event: message.event ?? 'message', data: message.data });
    },
  });
  return {
    push(text: string) {
      parser.feed(text);
    },
    /** The stream ended: a frame without its closing blank line is incomplete and dropped. */
    end() {
      parser.reset();
    },
  };
}

export interface StreamRequest<S extends z.ZodType> {
  body?: unknown;
  headers?: Record<string, string>;
  /** Aborting it cancels the request (and the server's work); the call then rejects with the abort reason. */
  signal?: AbortSignal;
  /** The contract's event schema; each `{event, data}` (data parsed as JSON) is checked with it. */
  schema: S;
  onEvent: (event: z.output<S>) => void;
}

/**
 * POSTs JSON and reads a text/event-stream answer as it arrives, calling `onEvent` for each event, in order; resolves
 * when the server ends the stream. Failures before the stream are JSON answers and reject with their ApiError, like
 * `apiRequest`; a connection lost midway rejects with `network_error`, an event that breaks the contract with
 * `invalid_response`. Whether the stream ended properly (with its final event) is the caller's to judge.
 */
export async function streamApi<S extends z.ZodType>(path: string, request: StreamRequest<S>): Promise<void> {
  const { body, headers, signal, schema, onEvent } = request;
  const { token, generation } = await accessToken();
  const lost = () => new ApiError(0, 'network_error', 'Sem conexão com o servidor.');
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      method: 'POST',
      headers: {
        accept: 'text/event-stream',
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        ...headers,
      },
      body: JSON.stringify(body ?? {}),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw lost();
  }

  const isStream = (response.headers.get('content-type') ?? '').startsWith('text/event-stream');
  if (!response.ok || !isStream || !response.body) {
    if (!response.ok) {
      const payload = await jsonOrUndefined(response);
      assertSameSession(generation);
      throw failureOf(response.status, payload);
    }
    throw new ApiError(response.status, 'invalid_response', 'Resposta inesperada do servidor.');
  }

  const parser = createSseParser((frame) => {
    let data: unknown;
    try {
      data = JSON.parse(frame.data);
    } catch {
      data = undefined;
    }
    const parsed = schema.safeParse({ event: frame.event, data });
    if (!parsed.success) {
      console.error(`Unexpected event from POST ${path}:`, parsed.error);
      throw new ApiError(response.status, 'invalid_response', 'Resposta inesperada do servidor.');
    }
    onEvent(parsed.data);
  });
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (error) {
        if (signal?.aborted) throw error;
        throw lost();
      }
      if (chunk.done) break;
      assertSameSession(generation);
      parser.push(decoder.decode(chunk.value, { stream: true }));
    }
    parser.push(decoder.decode());
    parser.end();
  } finally {
    // Stops the download when we leave early (a contract error, an exception in onEvent); a no-op after the end.
    reader.cancel().catch(() => undefined);
  }
}
