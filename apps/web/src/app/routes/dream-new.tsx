import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NewDream } from '@/features/dreams/components/new-dream';
import { celebrateRewards } from '@/features/rewards/components/reward-celebration';
import { useAuth } from '@/hooks/use-auth';
import { PRODUCT_NAME } from '@/lib/brand';
import { whenIdle } from '@/lib/when-idle';

const loadJournal = () => import('./dreams');

/** `/app/dreams/new`: recording a dream, ready to type; what the save earned is celebrated. */
export function NewDreamRoute() {
  const { t } = useTranslation();
  const { user } = useAuth();
  // A save leads to the dream's page: its code loads while the user writes, not after the tap on 'Salvar sonho'
  // (it was a second round trip, for some 20 chunks, after the save's own). A save the server does not take leads
  // to the journal's pending card: its code loads too, so that page opens even when the server no longer answers.
  useEffect(
    () =>
      whenIdle(() => {
        void import('./dream-detail').catch(() => undefined);
        void loadJournal().catch(() => undefined);
      }),
    [],
  );
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 pt-6 pb-4 sm:px-6 sm:py-10">
      <title>{`${t('dreams.new.pageTitle')} · ${PRODUCT_NAME}`}</title>
      <div className="grid gap-1.5">
        <h1 className="font-display text-3xl font-semibold tracking-tight sm:text-4xl">{t('dreams.new.title')}</h1>
        <p className="text-muted-foreground">{t('dreams.new.subtitle')}</p>
      </div>
      {/* The protected layout renders only with a user; keyed so another account never sees this one's draft. */}
      {user ? <NewDream key={user.id} userId={user.id} onRewards={celebrateRewards} loadJournal={loadJournal} /> : null}
    </div>
  );
}

export { NewDreamRoute as Component };
