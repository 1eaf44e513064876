import { TermsOfUse } from '@/features/legal/components/terms-of-use';

/** `/termos`: the terms of use (public, in the app's language). */
export function TermsRoute() {
  return <TermsOfUse />;
}

export { TermsRoute as Component };
