import { authErrorCode, authErrorMessage } from '@/lib/auth-error-message';
import { i18n, productName } from '@/lib/i18n';

/** The auth actions that can fail, each with its toast title (spec section 8). */
export type AuthAction = 'signIn' | 'signUp' | 'google' | 'signOut' | 'recovery' | 'reset' | 'resend';

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
  resend: 'auth.toast.resendError',
} as const;

/**
 * The destructive toast for a failed auth call (spec section 8): the action's title ('Erro no login', …) over the
 * text of the error's code in the user's language (lib/auth-error-message), 'Erro inesperado' when no code can be
 * told. The spec's own texts are kept word for word: 'Email ou senha incorretos' for invalid_credentials, and for a
 * sign-up whose e-mail already has an account, 'Usuário já cadastrado' over its recovery hint. Where the spec says
 * "message as received", the user now reads the code's text instead: the server's messages are GoTrue's English
 * (decision 013).
 */
export function describeAuthError(action: AuthAction, error: unknown): ToastContent {
  const description = authErrorMessage(error);
  if (action === 'signUp' && authErrorCode(error) === 'user_already_exists') {
    return { title: i18n.t('auth.toast.alreadyRegisteredTitle'), description };
  }
  return { title: i18n.t(TITLE_KEY[action]), description };
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

export const confirmationResent = (email: string): ToastContent => ({
  title: i18n.t('auth.toast.resendSuccess'),
  description: i18n.t('auth.toast.resendSuccessText', { email }),
});

export const emailConfirmed = (): ToastContent => ({
  title: i18n.t('auth.toast.emailConfirmed'),
  description: i18n.t('auth.toast.emailConfirmedText'),
});

export const signOutSuccess = (): ToastContent => ({
  title: i18n.t('auth.toast.signOutSuccess'),
  description: i18n.t('auth.toast.goodbye'),
});

export const passwordResetSuccess = (): ToastContent => ({
  title: i18n.t('auth.toast.resetSuccess'),
  description: i18n.t('auth.toast.resetSuccessText'),
});

/**
 * The toast for an error an auth redirect left in the URL (an expired e-mail link, a failed Google sign-in): its
 * `error_code`'s text in the user's language (the `error_description` is the server's English).
 */
export function describeRedirectError(error: {
  error: string;
  code: string | null;
  /** The server's English words: never shown. */
  description?: string | null;
}): ToastContent {
  if (error.code === 'otp_expired') {
    return { title: i18n.t('auth.toast.linkInvalidTitle'), description: i18n.t('auth.toast.linkInvalid') };
  }
  const description = authErrorMessage({ code: error.code });
  // E-mail links fail as access_denied (GoTrue); anything else came back from the Google flow.
  if (error.error === 'access_denied') return { title: i18n.t('auth.toast.linkErrorTitle'), description };
  return { title: i18n.t('auth.toast.googleError'), description };
}
