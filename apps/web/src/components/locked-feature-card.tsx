import { ArrowRight, Lock } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '@/lib/utils';

/**
 * A plan-only section seen from a lower plan: what it would add, and the way to the plans (charts, dream signs, the
 * monthly report). The caller reads the plan from the profile and never asks the plan-gated endpoint.
 */
export function LockedFeatureCard({
  text,
  items,
  cta,
  isTwoColumns = true,
}: {
  text: string;
  items: string[];
  cta: string;
  isTwoColumns?: boolean;
}) {
  return (
    <div className="grid gap-3 rounded-xl border border-dashed border-primary/40 bg-primary/[0.04] px-5 py-4">
      <p className="flex items-start gap-2.5 text-sm font-medium text-pretty">
        <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
        {text}
      </p>
      <ul className={cn('grid list-disc gap-1 pl-11 text-sm text-muted-foreground', isTwoColumns && 'sm:grid-cols-2')}>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <Link
        to="/app/plans"
        className="inline-flex min-h-10 w-fit items-center gap-1.5 rounded-sm text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60"
      >
        {cta}
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </div>
  );
}
