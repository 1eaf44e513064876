import type { Session, User } from '@supabase/supabase-js';
import type { ReactNode } from 'react';
import { AuthContext, type AuthState } from '@/lib/auth-context';

/** A user as the auth server returns it (only the fields the app reads matter). */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: '6f1c3f5e-1d1b-4b6e-9a7e-2f4c8d1e0a11',
    aud: 'authenticated',
    role: 'authenticated',
    email: 'ana.lima@example.com',
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: { first_name: 'Ana', last_name: 'Lima' },
    created_at: '2026-11-01T06:00:00Z',
    ...overrides,
  };
}

export function makeSession(user: User = makeUser()): Session {
  return {
    access_token: 'access-token',
    refresh_token: 'refresh-token',
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    user,
  };
}

export const loadingAuth: AuthState = { user: null, session: null, loading: true };
export const signedOut: AuthState = { user: null, session: null, loading: false };
export function signedIn(user: User = makeUser()): AuthState {
  return { user, session: makeSession(user), loading: false };
}

/** Puts a fixed auth state where the app's AuthProvider would be (components read it with useAuth()). */
export function WithAuth({ state, children }: { state: AuthState; children: ReactNode }) {
  return <AuthContext value={state}>{children}</AuthContext>;
}
