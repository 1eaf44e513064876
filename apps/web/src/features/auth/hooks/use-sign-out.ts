import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { beginSignOut, endSignOut } from '@/lib/sign-out-intent';
import { signOut } from '../api/auth-actions';

/** "Sair": signs out, then goes to '/' (spec section 2). On failure the user stays where they are. */
export function useSignOut() {
  const navigate = useNavigate();
  return useCallback(async () => {
    beginSignOut();
    const { ok } = await signOut();
    if (!ok) {
      endSignOut();
      return;
    }
    await navigate('/');
  }, [navigate]);
}
