import { PrivacyPolicy } from '@/features/legal/components/privacy-policy';

/** `/privacidade`: the privacy policy (public, in the app's language). */
export function PrivacyRoute() {
  return <PrivacyPolicy />;
}

export { PrivacyRoute as Component };
