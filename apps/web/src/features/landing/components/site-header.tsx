import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '@/components/brand-mark';
import { Button } from '@/components/ui/button';
import { PRODUCT_NAME } from '@/lib/brand';
import { scrollToSection } from '../scroll-to-section';

/**
 * The landing page's top bar: brand, 'Features' and 'Pricing', and `accountMenu` (the page passes the user menu).
 * `data-section` lets the boot script scroll to the section before the app has loaded (decision 024).
 */
export function SiteHeader({ accountMenu }: { accountMenu: ReactNode }) {
  return (
    <header className="sticky top-0 z-40 border-b border-border/60 bg-background/70 backdrop-blur-lg supports-[backdrop-filter]:bg-background/55">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center gap-1 px-3 sm:gap-2 sm:px-6">
        <Link
          to="/"
          aria-label={`${PRODUCT_NAME} home`}
          className="mr-auto flex min-h-11 items-center rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:ring-offset-2 focus-visible:ring-offset-background"
        >
          <BrandMark />
        </Link>
        <Button
          variant="ghost"
          size="sm"
          className="touch-target px-2 text-muted-foreground hover:text-foreground sm:px-3"
          data-section="features"
          onClick={() => scrollToSection('features')}
        >
          Features
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="touch-target px-2 text-muted-foreground hover:text-foreground sm:px-3"
          data-section="pricing"
          onClick={() => scrollToSection('pricing')}
        >
          Pricing
        </Button>
        <div className="ml-1 sm:ml-2">{accountMenu}</div>
      </nav>
    </header>
  );
}
