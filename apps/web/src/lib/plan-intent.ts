import type { PaidPlanId } from '@sonhario/contracts/billing';

/**
 * The plan a visitor chose on the landing page before having an account (`/login?plan=lucid`), kept until the plan
 * page starts its checkout: in the URL through sign-up and the e-mail confirmation link (`?subscribe=lucid`), and in
 * localStorage for the ways back that drop the URL's query (Google, a link opened on another tab). Shared by the
 * landing, auth and billing features (a feature never imports another).
 */
const STORAGE_KEY = 'sonhario:plan-intent';

// Not read from the contract at runtime: the landing page's entry must not pull zod in.
const PAID: readonly PaidPlanId[] = ['lucid', 'oracle'];

/** A query value as a plan to buy, or null (Dreamer is never bought; anything else is ignored). */
export function paidPlanOf(value: string | null | undefined): PaidPlanId | null {
  return PAID.find((plan) => plan === value) ?? null;
}

export function storePlanIntent(plan: PaidPlanId) {
  try {
    localStorage.setItem(STORAGE_KEY, plan);
  } catch {
    // Storage off (private mode): the URL still carries the plan.
  }
}

export function readPlanIntent(): PaidPlanId | null {
  try {
    return paidPlanOf(localStorage.getItem(STORAGE_KEY));
  } catch {
    return null;
  }
}

export function clearPlanIntent() {
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing kept.
  }
}

/** Where a signed-in user goes to buy the plan: the plan page, which starts the checkout. */
export const subscribePath = (plan: PaidPlanId) => `/app/plans?subscribe=${plan}`;

/** The sign-up link (the Cadastro tab) of a plan chosen signed out. */
export const signUpPath = (plan: PaidPlanId) => `/login?tab=signup&plan=${plan}`;
