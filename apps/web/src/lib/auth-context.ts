import type { Session, User } from '@supabase/supabase-js';
import { createContext } from 'react';

/** The auth state of spec section 4: loading until the first session lookup or auth event arrives. */
export interface AuthState {
  user: User | null;
  session: Session | null;
  loading: boolean;
}

/** Filled by AuthProvider; tests may provide a value directly. */
export const AuthContext = createContext<AuthState | null>(null);
