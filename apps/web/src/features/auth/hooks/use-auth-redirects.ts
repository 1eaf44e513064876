import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paidPlanOf, subscribePath } from '@/lib/plan-intent';
import { endSignOut } from '@/lib/sign-out-intent';
import type { AuthEventListener } from '../auth-provider';
import { readAuthRedirect, RESET_PASSWORD_PATH } from '../auth-url';

/**
 * Where the app goes after an auth redirect lands (e-mail links and Google come back with the session
 * or an error in the URL fragment; supabase-js reads the session from there by itself):
 * - a sign-in that came from the URL on '/' (e-mail confirmation, Google) goes to /app;
 * - a password-recovery session goes to the new-password form, wherever it landed;
 * - an error (expired or garbled link, failed Google sign-in) gets a toast, and the fragment is removed.
 * Returns the listener to hand to AuthProvider.
 */
export function useAuthRedirects(): AuthEventListener {
  const navigate = useNavigate();
  const location = useLocation();
  // Read on the first render, before supabase-js (loaded after it) reads and clears the fragment.
  const [landing] = useState(() => readAuthRedirect(typeof window === 'undefined' ? '' : window.location.hash));
  const isUrlSignInPending = useRef(landing.kind === 'session' && landing.type !== 'recovery');
  const pathname = useRef(location.pathname);
  const search = useRef(location.search);

  useEffect(() => {
    pathname.current = location.pathname;
    search.current = location.search;
    if (location.pathname === '/') endSignOut();
  }, [location]);

  // Once, for the URL the app was opened with (the ref keeps StrictMode's second run from repeating it).
  const isErrorHandled = useRef(false);
  useEffect(() => {
    if (landing.kind !== 'error' || isErrorHandled.current) return;
    isErrorHandled.current = true;
    void import('../redirect-toasts').then((module) => module.showRedirectError(landing));
    void navigate(
      { pathname: location.pathname, search: location.search, hash: '' },
      { replace: true, state: location.state as unknown },
    );
  }, [landing, location, navigate]);

  return useCallback<AuthEventListener>(
    (event) => {
      if (event === 'PASSWORD_RECOVERY') {
        isUrlSignInPending.current = false;
        if (pathname.current !== RESET_PASSWORD_PATH) void navigate(RESET_PASSWORD_PATH, { replace: true });
        return;
      }
      if (event === 'SIGNED_IN' && isUrlSignInPending.current) {
        isUrlSignInPending.current = false;
        // The sign-up's confirmation link: said once, wherever it landed.
        if (landing.kind === 'session' && landing.type === 'signup') {
          void import('../redirect-toasts').then((module) => module.showEmailConfirmed());
        }
        if (pathname.current !== '/') return;
        // A plan chosen before signing up (the link's `?subscribe=`) goes on to its checkout on the plan page.
        const plan = paidPlanOf(new URLSearchParams(search.current).get('subscribe'));
        void navigate(plan ? subscribePath(plan) : '/app', { replace: true });
      }
    },
    [landing, navigate],
  );
}
