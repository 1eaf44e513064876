import { toast } from 'sonner';
import { describeRedirectError } from './auth-messages';
import type { AuthRedirect } from './auth-url';

/** Its own chunk: sonner and i18next load only when a link actually failed. */
export function showRedirectError(error: Extract<AuthRedirect, { kind: 'error' }>) {
  const { title, description } = describeRedirectError(error);
  toast.error(title, { description, duration: 10_000 });
}
