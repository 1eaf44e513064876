import { lazyPart } from '@/components/lazy-part';
import { NightSky } from '@/components/night-sky';
import { SkipLink } from '@/components/skip-link';
import { UserMenu } from '@/features/auth/components/user-menu';
import { CtaSection } from '@/features/landing/components/cta-section';
import { FeaturesSection } from '@/features/landing/components/features-section';
import { HeroSection } from '@/features/landing/components/hero-section';
import { PricingSection } from '@/features/landing/components/pricing-section';
import { SiteHeader } from '@/features/landing/components/site-header';
import { PRODUCT_NAME } from '@/lib/brand';

// Plain text and anchors, in the prerendered HTML: its code hydrates it after the rest, from a chunk of its own.
const SiteFooter = lazyPart(() =>
  import('@/features/landing/components/site-footer').then((module) => ({ default: module.SiteFooter })),
);

/** `/`: the public marketing page (English, per spec). Loaded eagerly: it is the entry most visitors hit. */
export function LandingRoute() {
  return (
    <div className="relative flex min-h-dvh flex-col overflow-x-clip">
      <title>{`${PRODUCT_NAME} — AI Dream Journal`}</title>
      <NightSky />
      <SkipLink />
      <SiteHeader accountMenu={<UserMenu />} />
      <main id="main-content" tabIndex={-1} className="flex-1 outline-none">
        <HeroSection />
        <FeaturesSection />
        <PricingSection />
        <CtaSection />
      </main>
      <SiteFooter />
    </div>
  );
}
