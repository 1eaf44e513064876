import { BrandMark } from '@/components/brand-mark';
import { PRODUCT_NAME } from '@/lib/brand';

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-border/60 bg-background/60">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-10 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div className="flex flex-col gap-2">
          <BrandMark />
          <p className="text-sm text-muted-foreground">
            A private dream journal that helps you understand your nights.
          </p>
        </div>
        <p className="text-sm text-muted-foreground">
          © {year} {PRODUCT_NAME}
        </p>
      </div>
    </footer>
  );
}
