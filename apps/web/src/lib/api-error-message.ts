import { isApiErrorCode, type ApiErrorCode } from '@sonhario/contracts/errors';
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from './api-client';
import { i18n } from './i18n';

/**
 * The codes the client gives a failure itself (lib/api-client.ts): no answer came (`network_error`), there is no
 * session to send (`not_signed_in`), an answer without an error body (`server_error` for a 5xx, `http_error` for
 * anything else), an answer the contract's schema refused (`invalid_response`).
 */
export const CLIENT_ERROR_CODES = [
  'network_error',
  'not_signed_in',
  'server_error',
  'http_error',
  'invalid_response',
] as const;
type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];

const clientErrorCodes: ReadonlySet<string> = new Set(CLIENT_ERROR_CODES);
const isClientErrorCode = (code: string): code is ClientErrorCode => clientErrorCodes.has(code);

/** A screen's own words for some codes, where it can say more than the catalogue (the draft is kept, …). */
export type ErrorTextOverrides = Partial<Record<ApiErrorCode | ClientErrorCode, string>>;

/**
 * What to tell the user about a failed `/api/v1` call, in their language (decision 013): the text of the
 * answer's `code` (`errors.api.*` in locales/, one for every code in API_ERROR_CODES, a test checks), or of the
 * client's own code (`errors.client.*`). A code this build does not know (a newer server) gets the generic text
 * for its status. The server's `message` is never shown: it is for logs, and in the server's language.
 */
export function apiErrorMessage(error: unknown, overrides: ErrorTextOverrides = {}, t: TFunction = i18n.t): string {
  if (!isApiError(error)) return t('errors.unexpected');
  const { code, status } = error;
  if (isApiErrorCode(code)) return overrides[code] ?? t(`errors.api.${code}`);
  if (isClientErrorCode(code)) return overrides[code] ?? t(`errors.client.${code}`);
  return status >= 500 ? (overrides.server_error ?? t('errors.client.server_error')) : t('errors.unexpected');
}

/** apiErrorMessage for a component: its text follows the language when the user switches. */
export function useApiErrorMessage() {
  const { t } = useTranslation();
  return useCallback((error: unknown, overrides?: ErrorTextOverrides) => apiErrorMessage(error, overrides, t), [t]);
}
