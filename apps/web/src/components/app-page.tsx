import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '@/lib/brand';
import { cn } from '@/lib/utils';

/** The quiet link above a screen's heading that goes one level up. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="-my-2 inline-flex min-h-10 w-fit items-center gap-1.5 rounded-sm text-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {children}
    </Link>
  );
}

/**
 * A signed-in screen reached from the dashboard (credits, analytics, profile, settings): the tab's title, the way
 * back to /app, the heading with its line, then the screen's body. `isWide` for screens laid out in columns.
 */
export function AppPage({
  pageTitle,
  backLabel,
  title,
  subtitle,
  isWide = false,
  children,
}: {
  pageTitle: string;
  backLabel: string;
  title: string;
  subtitle: string;
  isWide?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className={cn(
        'mx-auto flex w-full flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12',
        isWide ? 'max-w-5xl' : 'max-w-3xl',
      )}
    >
      <title>{`${pageTitle} · ${PRODUCT_NAME}`}</title>
      <div className="grid gap-4">
        <BackLink to="/app">{backLabel}</BackLink>
        <div className="grid gap-1.5">
          <h1 className="font-display text-3xl font-semibold tracking-tight sm:text-4xl">{title}</h1>
          <p className="text-muted-foreground">{subtitle}</p>
        </div>
      </div>
      {children}
    </div>
  );
}
