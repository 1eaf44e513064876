import { PenLine } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { DreamJournal } from '@/features/dreams/components/dream-journal';
import { PendingDreams } from '@/features/dreams/components/pending-dreams';
import { useAuth } from '@/hooks/use-auth';
import { usePageActionRef } from '@/hooks/use-page-action';
import { useTimeZone } from '@/hooks/use-time-zone';
import { PRODUCT_NAME } from '@/lib/brand';

/** `/app/dreams`: the journal, its search and filters (inside the protected app layout). */
export function DreamsRoute() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const timeZone = useTimeZone();
  // Its own 'Novo Sonho' in view keeps the phone's floating one aside (docs/decisions/080).
  const pageActionRef = usePageActionRef();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <title>{`${t('dreams.list.pageTitle')} · ${PRODUCT_NAME}`}</title>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-1.5">
          <h1 className="font-display text-3xl font-semibold tracking-tight sm:text-4xl">{t('dreams.list.title')}</h1>
          <p className="text-muted-foreground">{t('dreams.list.subtitle')}</p>
        </div>
        <Button asChild size="lg" className="shadow-[0_0_40px_-12px_var(--glow)]">
          <Link ref={pageActionRef} to="/app/dreams/new">
            <PenLine aria-hidden="true" />
            {t('dreams.list.newDream')}
          </Link>
        </Button>
      </div>
      {user ? <PendingDreams userId={user.id} timeZone={timeZone} /> : null}
      <DreamJournal />
    </div>
  );
}

export { DreamsRoute as Component };
