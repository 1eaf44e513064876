import { toast } from 'sonner';
import { isApiError } from '@/lib/api-client';
import { apiErrorMessage } from '@/lib/api-error-message';
import { i18n } from '@/lib/i18n';

/** The toast for a failed save, in the user's language. The text the user wrote is never touched by a failure. */
export function showSaveError(error: unknown) {
  const title = i18n.t('dreams.toast.saveError');
  if (!isApiError(error)) {
    toast.error(title, { description: apiErrorMessage(error) });
    return;
  }
  if (error.isNetworkError || error.status >= 500) {
    toast.error(title, { description: i18n.t('dreams.toast.networkError'), duration: 10_000 });
  } else if (error.status === 401) {
    toast.error(title, { description: i18n.t('dreams.toast.sessionEnded'), duration: 10_000 });
  } else if (error.code === 'idempotency_key_reused') {
    toast.error(title, { description: i18n.t('dreams.toast.keyReused'), duration: 10_000 });
  } else if (error.code === 'validation_failed') {
    toast.error(title, { description: i18n.t('dreams.form.fixErrors') });
  } else {
    toast.error(title, { description: apiErrorMessage(error) });
  }
}
