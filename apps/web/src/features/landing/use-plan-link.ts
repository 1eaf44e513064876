import { useAuth } from '@/hooks/use-auth';
import { signUpPath, subscribePath } from '@/lib/plan-intent';
import type { Plan } from './plans';

/**
 * Where a plan's button leads: Dreamer to plain sign-up; a paid plan to sign-up with the plan kept (then its checkout),
 * or, signed in, straight to the plan page, which opens the checkout.
 */
export function usePlanLink(plan: Plan['id']): string {
  const { user } = useAuth();
  if (plan === 'dreamer') return '/login';
  return user ? subscribePath(plan) : signUpPath(plan);
}
