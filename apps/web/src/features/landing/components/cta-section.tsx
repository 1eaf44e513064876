import { ArrowRight, MoonStar } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { PRODUCT_NAME } from '@/lib/brand';
import { useAuth } from '@/hooks/use-auth';

export function CtaSection() {
  // Sign-up with no plan picked for the visitor (decision 044): every paid plan's first subscription has the trial,
  // chosen on the plan page; signed in, straight there.
  const { user } = useAuth();
  const to = user ? '/app/plans' : '/login?tab=signup';
  return (
    <section aria-labelledby="cta-title" className="px-4 pt-8 pb-24 sm:px-6 sm:pb-32">
      <div className="relative mx-auto max-w-4xl overflow-hidden rounded-3xl border border-primary/25 bg-gradient-to-br from-primary/20 via-card/80 to-card/80 px-6 py-14 text-center shadow-[0_0_90px_-30px_var(--glow)] sm:px-12 sm:py-20">
        <div
          aria-hidden="true"
          className="absolute -top-40 left-1/2 size-96 -translate-x-1/2 bg-[radial-gradient(circle,var(--glow),transparent_65%)]"
        />
        <MoonStar aria-hidden="true" className="relative mx-auto size-9 text-primary" />
        <h2 id="cta-title" className="relative mt-5 font-display text-3xl font-semibold tracking-tight sm:text-4xl">
          Tonight’s dream could be the one that explains everything
        </h2>
        <p className="relative mx-auto mt-4 max-w-xl text-pretty text-muted-foreground sm:text-lg">
          Write it down tomorrow morning. {PRODUCT_NAME} will help you understand it.
        </p>
        <Button asChild size="lg" className="relative mt-8 shadow-[0_0_40px_-8px_var(--glow)]">
          <Link to={to}>
            Start Your Free Trial
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </section>
  );
}
