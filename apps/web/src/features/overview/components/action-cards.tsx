import { ArrowRight, BookOpen, Brain, Coins, PenLine, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';

interface Action {
  key: 'record' | 'dreams' | 'analyses' | 'credits';
  to: string;
  icon: LucideIcon;
  isPrimary?: boolean;
}

// Spec section 2: the four cards and where their buttons lead.
const ACTIONS: readonly Action[] = [
  { key: 'record', to: '/app/dreams/new', icon: PenLine, isPrimary: true },
  { key: 'dreams', to: '/app/dreams', icon: BookOpen },
  { key: 'analyses', to: '/app/analytics', icon: Brain },
  { key: 'credits', to: '/app/credits', icon: Coins },
];

export function ActionCards() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="actions-title">
      <h2 id="actions-title" className="sr-only">
        {t('dashboard.actionsTitle')}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {ACTIONS.map(({ key, to, icon: Icon, isPrimary }) => (
          <li key={key} className="flex">
            <Card
              className={cn(
                'w-full gap-4 bg-card/70 py-5 backdrop-blur-sm transition-colors hover:border-primary/40 sm:gap-5 sm:py-6',
                isPrimary &&
                  'border-primary/40 bg-gradient-to-br from-primary/20 via-card/80 to-card/80 shadow-[0_0_60px_-25px_var(--glow)]',
              )}
            >
              <CardHeader className="gap-3">
                <div className="flex items-center gap-3 sm:flex-col sm:items-start">
                  <span
                    aria-hidden="true"
                    className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary/15 text-primary ring-1 ring-primary/25 ring-inset"
                  >
                    <Icon className="size-5" />
                  </span>
                  <CardTitle asChild className="font-display text-lg font-semibold">
                    <h3>{t(`dashboard.actions.${key}.title`)}</h3>
                  </CardTitle>
                </div>
                <CardDescription className="leading-relaxed">
                  {t(`dashboard.actions.${key}.description`)}
                </CardDescription>
              </CardHeader>
              <CardFooter className="mt-auto">
                <Button asChild variant={isPrimary ? 'default' : 'outline'} className="w-full">
                  <Link to={to}>
                    {t(`dashboard.actions.${key}.cta`)}
                    <ArrowRight aria-hidden="true" />
                  </Link>
                </Button>
              </CardFooter>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
