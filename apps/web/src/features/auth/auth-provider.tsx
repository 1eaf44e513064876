import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { AuthContext, type AuthState } from '@/lib/auth-context';
import { loadSupabase } from '@/lib/load-supabase';

export type AuthEventListener = (event: AuthChangeEvent, session: Session | null) => void;

/** What the provider needs of the auth client: supabase-js's `auth`, or a stand-in in tests. */
export interface AuthClientLike {
  getSession(): Promise<{ data: { session: Session | null } }>;
  onAuthStateChange(callback: AuthEventListener): { data: { subscription: { unsubscribe(): void } } };
}

// supabase-js arrives in its own chunk right after the first render (see lib/load-supabase.ts); the user
// menu shows a placeholder meanwhile.
const loadAuthClient = () => loadSupabase().then((supabase) => supabase.auth);

interface AuthProviderProps {
  children: ReactNode;
  /** Called after the state has taken each auth event (redirects after e-mail links live there). */
  onAuthEvent?: AuthEventListener;
  /** Swaps the auth client, for tests. */
  loadClient?: () => Promise<AuthClientLike>;
}

/**
 * Spec section 4: loading starts true with no user and no session; it becomes false on the first
 * getSession() answer or the first auth event, whichever comes first; every event replaces session and
 * user (user is null without a session).
 */
export function AuthProvider({ children, onAuthEvent, loadClient = loadAuthClient }: AuthProviderProps) {
  const [state, setState] = useState<AuthState>({ user: null, session: null, loading: true });
  const onAuthEventRef = useRef(onAuthEvent);
  useEffect(() => {
    onAuthEventRef.current = onAuthEvent;
  }, [onAuthEvent]);

  useEffect(() => {
    let isActive = true;
    let unsubscribe: (() => void) | undefined;
    const take = (session: Session | null) => setState({ session, user: session?.user ?? null, loading: false });

    loadClient()
      .then((auth) => {
        if (!isActive) return;
        const { data } = auth.onAuthStateChange((event, session) => {
          take(session);
          onAuthEventRef.current?.(event, session);
        });
        unsubscribe = () => data.subscription.unsubscribe();
        void auth.getSession().then(({ data: { session } }) => {
          // An event may have arrived first: it is newer, so the lookup must not overwrite it.
          if (isActive)
            setState((previous) =>
              previous.loading ? { session, user: session?.user ?? null, loading: false } : previous,
            );
        });
      })
      .catch((error: unknown) => {
        // Without the client (a failed chunk download, a missing anon key) the visitor is signed out, not stuck.
        console.error('The auth client could not be loaded:', error);
        if (isActive) take(null);
      });

    return () => {
      isActive = false;
      unsubscribe?.();
    };
  }, [loadClient]);

  return <AuthContext value={state}>{children}</AuthContext>;
}
