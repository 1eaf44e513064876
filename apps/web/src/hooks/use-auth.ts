import { useContext } from 'react';
import { AuthContext, type AuthState } from '@/lib/auth-context';

/** The current user, session and loading flag. Throws outside AuthProvider, so a missing provider is loud. */
export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth() must be used inside <AuthProvider>');
  return state;
}
