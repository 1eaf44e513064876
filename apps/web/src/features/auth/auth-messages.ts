import { i18n, productName } from '@/lib/i18n';

/** The auth actions that can fail, each with its toast title (spec section 8). */
export type AuthAction = 'signIn' | 'signUp' | 'google' | 'signOut' | 'recovery' | 'reset';

export interface ToastContent {
  title: string;
  description: string;
}

const TITLE_KEY = {
  signIn: 'auth.toast.signInError',
  signUp: 'auth.toast.signUpError',
  google: 'auth.toast.googleError',
  signOut: 'auth.toast.signOutError',
  recovery: 'auth.toast.recoveryError',
  reset: 'auth.toast.resetError',
} as const;

// The server's texts the spec turns into Portuguese; every other message is shown as received.
const INVALID_CREDENTIALS = 'Invalid login credentials';
const ALREADY_REGISTERED = 'User already registered';

function messageOf(error: unknown): string {
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') {
    return error.message.trim();
  }
  if (typeof error === 'string') return error.trim();
  return '';
}

/**
 * The destructive toast for a failed auth call: an error answered by the server or an unexpected
 * exception (spec section 8: "its message, or 'Erro inesperado'").
 */
export function describeAuthError(action: AuthAction, error: unknown): ToastContent {
  const message = messageOf(error);
  if (action === 'signIn' && message === INVALID_CREDENTIALS) {
    return { title: i18n.t('auth.toast.signInError'), description: i18n.t('auth.toast.invalidCredentials') };
  }
  if (action === 'signUp' && message === ALREADY_REGISTERED) {
    return { title: i18n.t('auth.toast.alreadyRegisteredTitle'), description: i18n.t('auth.toast.alreadyRegistered') };
  }
  return { title: i18n.t(TITLE_KEY[action]), description: message || i18n.t('auth.toast.unexpected') };
}

export const signInSuccess = (): ToastContent => ({
  title: i18n.t('auth.toast.signInSuccess'),
  description: i18n.t('auth.toast.welcome', { product: productName() }),
});

/**
 * With e-mail confirmation on (the default) sign-up returns no session and the user must confirm.
 * With AUTH_AUTOCONFIRM the user is signed in at once; asking them to check an e-mail that was never
 * sent would be wrong, so the toast welcomes them instead (decision 005).
 */
export const signUpSuccess = (hasSession: boolean): ToastContent => ({
  title: i18n.t('auth.toast.signUpSuccess'),
  description: hasSession ? i18n.t('auth.toast.welcome', { product: productName() }) : i18n.t('auth.toast.checkEmail'),
});

export const signOutSuccess = (): ToastContent => ({
  title: i18n.t('auth.toast.signOutSuccess'),
  description: i18n.t('auth.toast.goodbye'),
});

export const passwordResetSuccess = (): ToastContent => ({
  title: i18n.t('auth.toast.resetSuccess'),
  description: i18n.t('auth.toast.resetSuccessText'),
});

/** The toast for an error an auth redirect left in the URL (an expired e-mail link, a failed Google sign-in). */
export function describeRedirectError(error: {
  error: string;
  code: string | null;
  description: string | null;
}): ToastContent {
  if (error.code === 'otp_expired') {
    return { title: i18n.t('auth.toast.linkInvalidTitle'), description: i18n.t('auth.toast.linkInvalid') };
  }
  const description = error.description?.trim() || i18n.t('auth.toast.unexpected');
  // E-mail links fail as access_denied (GoTrue); anything else came back from the Google flow.
  if (error.error === 'access_denied') return { title: i18n.t('auth.toast.linkErrorTitle'), description };
  return { title: i18n.t('auth.toast.googleError'), description };
}
