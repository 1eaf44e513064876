import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { PLANS, type Plan } from '../plans';
import { usePlanLink } from '../use-plan-link';
import { SectionHeading } from './section-heading';

export function PricingSection() {
  return (
    <section
      id="pricing"
      aria-labelledby="pricing-title"
      tabIndex={-1}
      className="scroll-mt-20 px-4 py-16 outline-none sm:px-6 sm:py-24"
    >
      <div className="mx-auto max-w-6xl">
        <SectionHeading
          id="pricing-title"
          eyebrow="Pricing"
          title="A plan for every kind of dreamer"
          description="Start free and keep your journal forever. Upgrade when you want deeper insight."
        />
        <ul className="mt-16 grid items-stretch gap-8 md:grid-cols-3 md:gap-6">
          {PLANS.map((plan) => (
            <li key={plan.id} className="flex">
              <PlanCard plan={plan} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function PlanCard({ plan }: { plan: Plan }) {
  const titleId = `plan-${plan.id}-title`;
  const to = usePlanLink(plan.id);
  return (
    <Card
      aria-labelledby={titleId}
      role="group"
      className={cn(
        'relative w-full bg-card/70 backdrop-blur-sm',
        plan.isHighlighted &&
          'border-primary/60 bg-gradient-to-b from-primary/15 via-card/90 to-card/90 shadow-[0_0_70px_-20px_var(--glow)] ring-1 ring-primary/40 md:-my-4 md:py-10',
      )}
    >
      {plan.badge ? (
        <Badge className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full px-3 py-1 shadow-md">
          {plan.badge}
        </Badge>
      ) : null}
      <CardHeader>
        <CardTitle asChild className="font-display text-2xl font-semibold">
          <h3 id={titleId}>{plan.name}</h3>
        </CardTitle>
        <CardDescription>{plan.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-6">
        <p className="flex items-baseline gap-1">
          <span className="font-display text-4xl font-semibold tracking-tight">{plan.price}</span>
          {plan.period ? <span className="text-sm text-muted-foreground">{plan.period}</span> : null}
        </p>
        <ul className="flex flex-col gap-3 text-sm">
          {plan.features.map((feature) => (
            <li key={feature} className="flex items-start gap-2.5">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter>
        <Button asChild variant={plan.isHighlighted ? 'default' : 'outline'} className="w-full">
          <Link to={to}>{plan.ctaLabel}</Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
