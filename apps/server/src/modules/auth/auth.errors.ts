import { PASSWORD_MIN_LENGTH } from '@sonhario/contracts/auth';
import type { AuthErrorCode } from '@sonhario/contracts/errors';
import { AppError } from '../../errors.ts';

/**
 * GoTrue's error codes and messages, which supabase-js and the web app's toasts match on. One place for all. The
 * codes come from the contract's AUTH_ERROR_CODES; the few that /api/v1's authentication also answers with
 * (no_authorization, bad_jwt, session_not_found, not_admin) are in API_ERROR_CODES too.
 */
export class AuthApiError extends AppError<AuthErrorCode> {}

export class WeakPasswordError extends AppError<AuthErrorCode> {
  constructor(public readonly reasons: string[]) {
    super(422, 'weak_password', `Password should be at least ${PASSWORD_MIN_LENGTH} characters.`);
  }
}

const bad = (code: AuthErrorCode, message: string) => new AuthApiError(400, code, message);

export const authErrors = {
  validation: (message: string) => bad('validation_failed', message),
  emailRequired: () => bad('validation_failed', 'An email address is required'),
  emailInvalid: () => bad('validation_failed', 'Unable to validate email address: invalid format'),
  passwordRequired: () => bad('validation_failed', 'Signup requires a valid password'),
  phoneUnsupported: () => bad('phone_provider_disabled', 'Phone signups are disabled'),
  invalidCredentials: () => bad('invalid_credentials', 'Invalid login credentials'),
  emailNotConfirmed: () => bad('email_not_confirmed', 'Email not confirmed'),
  userBanned: () => bad('user_banned', 'User is banned'),
  userAlreadyExists: () => new AuthApiError(422, 'user_already_exists', 'User already registered'),
  emailExists: () =>
    new AuthApiError(422, 'email_exists', 'A user with this email address has already been registered'),
  samePassword: () => new AuthApiError(422, 'same_password', 'New password should be different from the old password.'),
  // GoTrue's texts, the same for both (its Go constant for the second is ErrorCodeCurrentPasswordMismatch, whose
  // wire value is current_password_invalid).
  currentPasswordRequired: () =>
    bad('current_password_required', 'Current password required when setting new password.'),
  currentPasswordInvalid: () => bad('current_password_invalid', 'Current password required when setting new password.'),
  unsupportedGrant: () => bad('validation_failed', 'unsupported_grant_type'),
  refreshTokenRequired: () => bad('validation_failed', 'refresh_token required'),
  refreshTokenNotFound: () => bad('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
  refreshTokenAlreadyUsed: () => bad('refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
  sessionExpired: () => bad('session_expired', 'Invalid Refresh Token: Session Expired'),
  noAuthorization: () => new AuthApiError(401, 'no_authorization', 'This endpoint requires a valid Bearer token'),
  badJwt: (message: string) => new AuthApiError(403, 'bad_jwt', message),
  sessionNotFound: () =>
    new AuthApiError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist'),
  userNotFoundFromJwt: () => new AuthApiError(403, 'user_not_found', 'User from sub claim in JWT does not exist'),
  userNotFound: () => new AuthApiError(404, 'user_not_found', 'User not found'),
  notAdmin: () => new AuthApiError(403, 'not_admin', 'User not allowed'),
  noApiKey: () => new AuthApiError(401, 'no_api_key', 'No API key found in request'),
  invalidApiKey: () => new AuthApiError(401, 'invalid_api_key', 'Invalid API key'),
  otpExpired: () => new AuthApiError(403, 'otp_expired', 'Token has expired or is invalid'),
  linkExpired: () => new AuthApiError(403, 'otp_expired', 'Email link is invalid or has expired'),
  pkceInvalid: (message: string) => bad('validation_failed', message),
  flowStateNotFound: () =>
    new AuthApiError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found'),
  flowStateExpired: () => bad('flow_state_expired', 'invalid flow state, flow state has expired'),
  badCodeVerifier: () => bad('bad_code_verifier', 'code challenge does not match previously saved code verifier'),
  providerDisabled: () => bad('provider_disabled', 'Unsupported provider: provider is not enabled'),
  unknownProvider: (provider: string) =>
    bad('validation_failed', `Unsupported provider: Provider ${provider} could not be found`),
  badOAuthState: () => bad('bad_oauth_state', 'OAuth state is invalid or has expired'),
  badOAuthCallback: (message: string) => bad('bad_oauth_callback', message),
  providerEmailNeedsVerification: () =>
    bad(
      'provider_email_needs_verification',
      'Unverified email with google. Verify the e-mail address with Google first.',
    ),
  emailSendFailed: () => new AuthApiError(500, 'unexpected_failure', 'Error sending email'),
  requestRateLimit: () => new AuthApiError(429, 'over_request_rate_limit', 'Request rate limit reached'),
  emailRateLimit: () => new AuthApiError(429, 'over_email_send_rate_limit', 'Email rate limit exceeded'),
  emailResendTooSoon: (seconds: number) =>
    new AuthApiError(
      429,
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${seconds} seconds.`,
    ),
};
