import { useAuth } from '@/hooks/use-auth';
import { signUpPath, subscribePath } from '@/lib/plan-intent';
import type { Plan } from './plans';

/**
 * Where a plan's button leads: Dreamer to sign-up (the Cadastro tab); a paid plan to sign-up with the plan kept (then its checkout),
 * or, signed in, straight to the plan page, which opens the checkout.
 */
export function usePlanLink(plan: Plan['id']): string {
  const { user } = useAuth();
  if (plan === 'dreamer') return '/login?tab=signup';
  return user ? subscribePath(plan) : signUpPath(plan);
}
