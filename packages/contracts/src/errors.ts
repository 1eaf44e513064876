import { z } from 'zod';

/**
 * Every error `code` an /api/v1 answer can carry (JSON error bodies and the analysis stream's `error` event),
 * including the codes its authentication produces. Codes are stable: the web turns each into text in the user's
 * language (the server's `message` is for logs and developers), so a code is never renamed or reused for another
 * meaning, only added. docs/error-codes.md gives each one's status and meaning.
 */
export const API_ERROR_CODES = [
  // Requests the server cannot take as they are
  'validation_failed',
  'bad_json',
  'bad_request',
  'invalid_text',
  'payload_too_large',
  'unsupported_media_type',
  'not_found',
  'internal_error',
  'data_key_missing',
  // Authentication (the bearer token from /auth/v1) and the operator routes (service-role key)
  'no_authorization',
  'bad_jwt',
  'session_not_found',
  'not_admin',
  // Rate limits
  'over_request_rate_limit',
  // Dreams and analyses
  'version_conflict',
  'idempotency_key_reused',
  'consent_required',
  'analysis_limit_reached',
  'analysis_cancelled',
  'provider_failed',
  'provider_timeout',
  'provider_rate_limited',
  'provider_invalid_output',
  'provider_refused',
  // Rewards (docs/decisions/026)
  'plan_required',
  'daily_bonus_claimed',
  'day_already_recorded',
  // Dream signs (docs/decisions/031)
  'sign_already_pinned',
  'too_many_pins',
  // The monthly report (docs/decisions/032)
  'report_not_found',
  'report_month_empty',
  'report_month_in_future',
  'report_limit_reached',
  // The chat about dreams (docs/decisions/035)
  'chat_thread_not_found',
  'chat_thread_full',
  'chat_limit_reached',
  // Billing and support (docs/decisions/027)
  'billing_disabled',
  'already_subscribed',
  'no_subscription',
  'webhook_signature_invalid',
  'billing_provider_failed',
  'support_rate_limited',
  // Dictation (docs/decisions/038)
  'dictation_not_configured',
  // Account: deletion's re-authentication
  'password_required',
  'invalid_credentials',
  'reauthentication_needed',
  // Account: import of an export file
  'invalid_export',
  'unsupported_export_version',
  'import_too_large',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/**
 * The codes /auth/v1 answers with. They are GoTrue's (supabase-js matches on them), so this list follows GoTrue
 * rather than /api/v1's; the web reads them through supabase-js's AuthError.
 */
export const AUTH_ERROR_CODES = [
  'validation_failed',
  'bad_json',
  'payload_too_large',
  'not_found',
  'unexpected_failure',
  'phone_provider_disabled',
  'invalid_credentials',
  'email_not_confirmed',
  'user_banned',
  'user_already_exists',
  'email_exists',
  'weak_password',
  'same_password',
  'current_password_required',
  'current_password_invalid',
  'refresh_token_not_found',
  'refresh_token_already_used',
  'session_expired',
  'no_authorization',
  'bad_jwt',
  'session_not_found',
  'user_not_found',
  'not_admin',
  'no_api_key',
  'invalid_api_key',
  'otp_expired',
  'flow_state_not_found',
  'flow_state_expired',
  'bad_code_verifier',
  'provider_disabled',
  'bad_oauth_state',
  'bad_oauth_callback',
  'provider_email_needs_verification',
  'over_request_rate_limit',
  'over_email_send_rate_limit',
] as const;
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];

const apiErrorCodes: ReadonlySet<string> = new Set(API_ERROR_CODES);

/** Whether a string is one of the /api/v1 codes (a client meeting a code newer than itself falls back to generic text). */
export function isApiErrorCode(code: string): code is ApiErrorCode {
  return apiErrorCodes.has(code);
}

/**
 * Every 4xx/5xx answer of /api/v1 has this shape. `code` is one of API_ERROR_CODES; the schema still reads it as a
 * string so that a client older than the server keeps parsing answers with codes added since. `message` is for
 * humans reading logs, in the server's language, and never shown to a user.
 */
export const apiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
