import { MoonStar } from 'lucide-react';
import { PRODUCT_NAME } from '@/lib/brand';
import { cn } from '@/lib/utils';

/** The moon logo with the product name, used in the top bar, footer and 404 page. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <span
        aria-hidden="true"
        className="flex size-8 items-center justify-center rounded-lg bg-gradient-to-br from-primary/35 to-primary/5 text-primary ring-1 ring-primary/30 ring-inset"
      >
        <MoonStar className="size-[18px]" />
      </span>
      <span className="font-display text-xl font-semibold tracking-tight">{PRODUCT_NAME}</span>
    </span>
  );
}
