import { ArrowRight, BookOpen, Brain, Coins, PenLine, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { usePageActionRef } from '@/hooks/use-page-action';

interface Action {
  key: 'record' | 'dreams' | 'analyses' | 'credits';
  to: string;
  icon: LucideIcon;
}

// Spec section 2: the four cards and where their buttons lead.
const ACTIONS: readonly Action[] = [
  { key: 'record', to: '/app/dreams/new', icon: PenLine },
  { key: 'dreams', to: '/app/dreams', icon: BookOpen },
  { key: 'analyses', to: '/app/analytics', icon: Brain },
  { key: 'credits', to: '/app/credits', icon: Coins },
];

/**
 * The spec's four cards, after the dashboard's content (docs/decisions/080): shortcuts, not the page's lead. On a
 * phone, one panel of four rows (icon, title, button); from `sm`, four cards with their line of description. None is
 * highlighted: the 'Hoje' card holds the page's main record button.
 */
export function ActionCards() {
  const { t } = useTranslation();
  // 'Novo Sonho' on screen keeps the phone's floating 'Novo sonho' aside: one record button in view, not two.
  const pageActionRef = usePageActionRef();
  return (
    <section aria-labelledby="actions-title">
      <h2 id="actions-title" className="sr-only">
        {t('dashboard.actionsTitle')}
      </h2>
      <ul className="grid divide-y divide-border overflow-hidden rounded-xl border border-border bg-card/60 backdrop-blur-sm sm:grid-cols-2 sm:gap-4 sm:divide-y-0 sm:overflow-visible sm:rounded-none sm:border-0 sm:bg-transparent sm:backdrop-blur-none xl:grid-cols-4">
        {ACTIONS.map(({ key, to, icon: Icon }) => (
          <li
            key={key}
            className="flex items-center gap-3 px-4 py-3 sm:flex-col sm:items-stretch sm:gap-5 sm:rounded-xl sm:border sm:border-border sm:bg-card/70 sm:p-6 sm:shadow-sm sm:backdrop-blur-sm sm:transition-colors sm:hover:border-primary/40"
          >
            <div className="flex min-w-0 flex-1 items-center gap-3 sm:flex-col sm:items-start">
              <span
                aria-hidden="true"
                className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-primary/15 text-primary ring-1 ring-primary/25 ring-inset sm:size-10"
              >
                <Icon className="size-[18px] sm:size-5" />
              </span>
              <div className="grid min-w-0 gap-1.5">
                <h3 className="font-display text-base leading-snug font-semibold sm:text-lg">
                  {t(`dashboard.actions.${key}.title`)}
                </h3>
                <p className="hidden text-sm leading-relaxed text-muted-foreground sm:block">
                  {t(`dashboard.actions.${key}.description`)}
                </p>
              </div>
            </div>
            <Button asChild variant="outline" className="h-10 shrink-0 sm:mt-auto sm:h-9 sm:w-full">
              <Link ref={key === 'record' ? pageActionRef : undefined} to={to}>
                {t(`dashboard.actions.${key}.cta`)}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
