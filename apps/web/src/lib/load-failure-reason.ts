import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from './api-client';
import { useApiErrorMessage } from './api-error-message';

/**
 * Why a screen's data did not load, in the user's language: the device is offline, the server did not answer
 * (down, or the connection dropped), or the server's answer (its error code turned into text, decision 013).
 * `isOnline` is passed in so the sentence follows the browser's online and offline events.
 */
export function useLoadFailureReason() {
  const { t } = useTranslation();
  const errorMessage = useApiErrorMessage();
  return useCallback(
    (error: unknown, isOnline: boolean) => {
      if (!isOnline) return t('loadFailure.offline');
      if (isApiError(error) && error.isNetworkError) return t('loadFailure.unreachable');
      return errorMessage(error);
    },
    [t, errorMessage],
  );
}
