import { useSyncExternalStore } from 'react';
import { BrandMark } from '@/components/brand-mark';
import { PRODUCT_NAME } from '@/lib/brand';

/** The year the build ran (vite.config.ts `define`): the year in the HTML prerendered then. */
declare const __BUILD_YEAR__: number;
const neverChanges = () => () => undefined;

/**
 * This year. While React hydrates the page prerendered at build time it is the build's year, the one in that HTML
 * (a different text would be a hydration mismatch); React renders the real year right after, if it differs.
 */
function useCurrentYear(): number {
  return useSyncExternalStore(
    neverChanges,
    () => new Date().getFullYear(),
    () => __BUILD_YEAR__,
  );
}

// 44 px tall: a finger's target.
const linkClass =
  'inline-flex min-h-11 items-center rounded-sm underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60';

export function SiteFooter() {
  const year = useCurrentYear();
  return (
    <footer className="border-t border-border/60 bg-background/60">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-10 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div className="flex flex-col gap-2">
          <BrandMark />
          <p className="text-sm text-muted-foreground">
            A private dream journal that helps you understand your nights.
          </p>
        </div>
        <div className="flex flex-col gap-2 text-sm text-muted-foreground sm:items-end">
          {/* Plain anchors: the documents are lazy app routes, and this page's entry chunk stays as small as it is. */}
          <nav aria-label="Legal" className="flex gap-4">
            <a href="/privacidade" className={linkClass}>
              Privacy
            </a>
            <a href="/termos" className={linkClass}>
              Terms
            </a>
          </nav>
          <p>
            © {year} {PRODUCT_NAME}
          </p>
        </div>
      </div>
    </footer>
  );
}
