import { Link2, Lock } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { formatDate } from '@/lib/dates';
import { useProfile } from '@/hooks/use-profile';
import { useSimilarDreams } from '../api/use-similar-dreams';

/** 'Sonhos parecidos': up to five of the user's dreams most like this one, and what they share (Lucid, Oracle). */
export function SimilarDreams({ dreamId }: { dreamId: string }) {
  const { t } = useTranslation();
  const errorMessage = useApiErrorMessage();
  const titleId = useId();
  // Dreamer is shown the lock without asking (the API would answer 403 plan_required, an error in the console).
  const plan = useProfile().data?.plan;
  const similar = useSimilarDreams(dreamId, { isEnabled: plan !== undefined && plan !== 'dreamer' });
  const isLocked = plan === 'dreamer' || (isApiError(similar.error) && similar.error.code === 'plan_required');

  let body;
  if (isLocked) {
    body = (
      <div className="grid gap-3 rounded-xl border border-dashed border-border p-5">
        <p className="flex items-start gap-2 text-sm text-pretty">
          <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          {t('patterns.similar.locked')}
        </p>
        <div>
          <Button asChild variant="outline">
            <Link to="/app/plans">{t('patterns.similar.seePlans')}</Link>
          </Button>
        </div>
      </div>
    );
  } else if (similar.isError) {
    body = (
      <div role="alert" className="grid gap-3 text-sm">
        <p>{errorMessage(similar.error)}</p>
        <div>
          <Button variant="outline" onClick={() => void similar.refetch()}>
            {t('patterns.similar.retry')}
          </Button>
        </div>
      </div>
    );
  } else if (!similar.data) {
    body = <p className="text-sm text-muted-foreground">{t('patterns.similar.loading')}</p>;
  } else if (similar.data.items.length === 0) {
    body = <p className="text-sm text-muted-foreground">{t('patterns.similar.empty')}</p>;
  } else {
    body = (
      <ul className="grid gap-3">
        {similar.data.items.map((item) => {
          const shared = [...item.sharedSymbols, ...item.sharedWords].filter(
            (word, index, all) => all.findIndex((other) => other.toLowerCase() === word.toLowerCase()) === index,
          );
          return (
            <li key={item.id}>
              <Link
                to={`/app/dreams/${item.id}`}
                className="grid gap-1 rounded-xl border border-border/70 bg-card/30 p-4 outline-none hover:bg-accent/40 focus-visible:ring-[3px] focus-visible:ring-ring/60"
              >
                <time dateTime={item.dreamtOn} className="text-xs font-medium text-primary">
                  {formatDate(item.dreamtOn, 'long')}
                </time>
                <span className="font-display text-base font-semibold">{item.title}</span>
                {shared.length > 0 ? (
                  <span className="text-sm text-muted-foreground">
                    {t('patterns.similar.inCommon', { words: shared.slice(0, 6).join(', ') })}
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <section aria-labelledby={titleId} className="grid gap-4">
      <h2 id={titleId} className="flex items-center gap-2 font-display text-2xl font-semibold tracking-tight">
        <Link2 aria-hidden="true" className="size-5 text-primary" />
        {t('patterns.similar.title')}
      </h2>
      {body}
    </section>
  );
}
