import { CONSENT_VERSION } from '@sonhario/contracts/consents';
import type { SupabaseClient } from '@supabase/supabase-js';
import { toast } from 'sonner';
import { authErrorCode } from '@/lib/auth-error-message';
import { loadSupabase } from '@/lib/load-supabase';
import { readPlanIntent } from '@/lib/plan-intent';
import { forgetSessionData } from '@/lib/session-data';
import {
  confirmationResent,
  describeAuthError,
  passwordResetSuccess,
  signInSuccess,
  signOutSuccess,
  signUpSuccess,
  type AuthAction,
  type ToastContent,
} from '../auth-messages';
import { RESET_PASSWORD_PATH } from '../auth-url';

/**
 * The auth calls of spec section 7, each with its toasts (section 8). They resolve to whether the call
 * succeeded and never throw; callers decide where to go next.
 */
export interface AuthResult {
  ok: boolean;
  /** The error's code when the call failed ('email_not_confirmed', …), when one can be told. */
  code?: string | null;
}

const showError = ({ title, description }: ToastContent) => toast.error(title, { description });
const showSuccess = ({ title, description }: ToastContent) => toast.success(title, { description });

async function run(
  action: AuthAction,
  call: (supabase: SupabaseClient) => Promise<{ error: unknown }>,
  onSuccess?: () => void,
): Promise<AuthResult> {
  try {
    const { error } = await call(await loadSupabase());
    if (error) {
      showError(describeAuthError(action, error));
      return { ok: false, code: authErrorCode(error) };
    }
    onSuccess?.();
    return { ok: true };
  } catch (exception) {
    showError(describeAuthError(action, exception));
    return { ok: false };
  }
}

/**
 * After sign-up and Google sign-in the server redirects to the site root (spec section 4). A plan chosen on the
 * landing page rides along (`/?subscribe=lucid`): the confirmation link may be opened where localStorage is not.
 */
const siteRoot = () => {
  const plan = readPlanIntent();
  return `${window.location.origin}/${plan ? `?subscribe=${plan}` : ''}`;
};

export function signIn(email: string, password: string): Promise<AuthResult> {
  return run(
    'signIn',
    (supabase) => supabase.auth.signInWithPassword({ email, password }),
    () => showSuccess(signInSuccess()),
  );
}

export async function signUp(email: string, password: string, firstName = '', lastName = ''): Promise<AuthResult> {
  let hasSession = false;
  return run(
    'signUp',
    async (supabase) => {
      const answer = await supabase.auth.signUp({
        email,
        password,
        options: {
          // The server records the consent the form required, under the version of the text shown.
          data: { first_name: firstName, last_name: lastName, consent_version: CONSENT_VERSION },
          emailRedirectTo: siteRoot(),
        },
      });
      hasSession = Boolean(answer.data.session);
      return answer;
    },
    () => showSuccess(signUpSuccess(hasSession)),
  );
}

/** Sends the sign-up's confirmation link again (POST /auth/v1/resend), for an account not yet confirmed. */
export function resendConfirmation(email: string): Promise<AuthResult> {
  return run(
    'resend',
    (supabase) => supabase.auth.resend({ type: 'signup', email, options: { emailRedirectTo: siteRoot() } }),
    () => showSuccess(confirmationResent(email)),
  );
}

/** Leaves the page for Google; on success the browser comes back to the site root signed in. */
export function signInWithGoogle(): Promise<AuthResult> {
  return run('google', (supabase) =>
    supabase.auth.signInWithOAuth({ provider: 'google', options: { redirectTo: siteRoot() } }),
  );
}

/** Ends the session on the server (scope global) and forgets everything cached for this user. */
export function signOut(): Promise<AuthResult> {
  return run(
    'signOut',
    (supabase) => supabase.auth.signOut(),
    () => {
      forgetSessionData();
      showSuccess(signOutSuccess());
    },
  );
}

/** Sends the recovery e-mail. The server answers the same for unknown addresses, so nothing leaks. */
export function requestPasswordReset(email: string): Promise<AuthResult> {
  return run('recovery', (supabase) =>
    supabase.auth.resetPasswordForEmail(email, { redirectTo: `${window.location.origin}${RESET_PASSWORD_PATH}` }),
  );
}

/** Sets a new password for the signed-in user (the recovery link signed them in). */
export function updatePassword(password: string): Promise<AuthResult> {
  return run(
    'reset',
    (supabase) => supabase.auth.updateUser({ password }),
    () => showSuccess(passwordResetSuccess()),
  );
}
