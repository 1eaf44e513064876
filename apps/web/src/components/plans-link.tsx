import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** 'Ver planos': wherever a limit or a plan-only feature is met (quota, daily bonus, level, freezes). */
export function PlansLink({ asButton = false, className }: { asButton?: boolean; className?: string }) {
  const { t } = useTranslation();
  if (asButton) {
    return (
      <Button asChild variant="outline" className={cn('h-10', className)}>
        <Link to="/app/plans">{t('billing.link')}</Link>
      </Button>
    );
  }
  return (
    <Link
      to="/app/plans"
      className={cn(
        'inline-flex min-h-10 w-fit items-center gap-1 rounded-sm text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60',
        className,
      )}
    >
      {t('billing.link')}
      <ArrowRight aria-hidden="true" className="size-3.5" />
    </Link>
  );
}
