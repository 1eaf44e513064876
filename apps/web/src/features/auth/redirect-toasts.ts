import { toast } from 'sonner';
import { describeRedirectError, emailConfirmed } from './auth-messages';
import type { AuthRedirect } from './auth-url';

/** Its own chunk: sonner and i18next load only when an e-mail or Google link landed (failed, or a confirmation). */
export function showRedirectError(error: Extract<AuthRedirect, { kind: 'error' }>) {
  const { title, description } = describeRedirectError(error);
  toast.error(title, { description, duration: 10_000 });
}

/** After the sign-up's confirmation link: the account is active (same chunk: loaded only when a link landed). */
export function showEmailConfirmed() {
  const { title, description } = emailConfirmed();
  toast.success(title, { description });
}
