import type { Dream } from '@sonhario/contracts/dreams';
import { Annoyed, Frown, Laugh, Meh, Pencil, Smile } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BackLink } from '@/components/app-page';
import { Button } from '@/components/ui/button';
import { formatDate, formatDateTime } from '@/lib/dates';
import { DeleteDreamButton } from './delete-dream-button';
import { DreamBadges, EmotionChips } from './dream-chips';

const MOOD_FACES = [Frown, Annoyed, Meh, Smile, Laugh];

type Five = 1 | 2 | 3 | 4 | 5;

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{term}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

function Dots({ value }: { value: number }) {
  return (
    <span aria-hidden="true" className="inline-flex gap-1">
      {[1, 2, 3, 4, 5].map((step) => (
        <span
          key={step}
          className={step <= value ? 'size-2 rounded-full bg-primary' : 'size-2 rounded-full bg-border'}
        />
      ))}
    </span>
  );
}

/** A dream as the journal keeps it: the night, the text, every detail, and its Editar / Excluir. */
export function DreamDetail({ dream, timeZone }: { dream: Dream; timeZone: string }) {
  const { t } = useTranslation();
  const none = <span className="text-muted-foreground">{t('dreams.fields.none')}</span>;
  const Face = dream.mood ? MOOD_FACES[dream.mood - 1] : undefined;

  return (
    <article className="grid gap-8" aria-labelledby="dream-title">
      <div className="grid gap-4">
        <BackLink to="/app/dreams">{t('dreams.detail.back')}</BackLink>
        <div className="grid gap-3">
          <p className="text-sm font-medium text-primary">
            <time dateTime={dream.dreamtOn}>
              {t('dreams.detail.night', { date: formatDate(dream.dreamtOn, 'long') })}
            </time>
          </p>
          <h1
            id="dream-title"
            className="font-display text-3xl leading-tight font-semibold tracking-tight text-balance sm:text-4xl"
          >
            {dream.title}
          </h1>
          <DreamBadges dream={dream} />
        </div>
        <div className="flex gap-2">
          <Button asChild variant="outline" className="h-10 flex-1 sm:flex-none">
            <Link to={`/app/dreams/${dream.id}/edit`}>
              <Pencil aria-hidden="true" />
              {t('dreams.detail.edit')}
            </Link>
          </Button>
          <DeleteDreamButton dreamId={dream.id} title={dream.title} />
        </div>
      </div>

      <div className="rounded-2xl border border-border bg-card/60 px-5 py-6 shadow-[0_30px_120px_-60px_var(--glow)] backdrop-blur-sm sm:px-8 sm:py-8">
        <p className="font-display text-lg leading-relaxed whitespace-pre-wrap text-pretty text-foreground/95 sm:text-xl sm:leading-relaxed">
          {dream.content}
        </p>
      </div>

      <section
        aria-labelledby="dream-details-title"
        className="grid gap-5 rounded-xl border border-border/70 bg-card/30 p-5 sm:p-6"
      >
        <h2 id="dream-details-title" className="font-display text-lg font-semibold">
          {t('dreams.detail.details')}
        </h2>
        <dl className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          <Detail term={t('dreams.fields.mood')}>
            {dream.mood && Face ? (
              <span className="inline-flex items-center gap-2">
                <Face aria-hidden="true" className="size-4 text-primary" />
                {t(`dreams.mood.${dream.mood as Five}`)}
              </span>
            ) : (
              none
            )}
          </Detail>
          <Detail term={t('dreams.fields.lucidity')}>{t(`dreams.lucidity.${dream.lucidity as 0 | 1 | 2 | 3}`)}</Detail>
          <Detail term={t('dreams.fields.vividness')}>
            {dream.vividness ? (
              <span className="inline-flex items-center gap-2">
                <Dots value={dream.vividness} />
                {t(`dreams.vividness.${dream.vividness as Five}`)}
              </span>
            ) : (
              none
            )}
          </Detail>
          <Detail term={t('dreams.fields.sleepQuality')}>
            {dream.sleepQuality ? (
              <span className="inline-flex items-center gap-2">
                <Dots value={dream.sleepQuality} />
                {t(`dreams.sleepQuality.${dream.sleepQuality as Five}`)}
              </span>
            ) : (
              none
            )}
          </Detail>
          <Detail term={t('dreams.fields.emotions')}>
            {dream.emotions.length ? <EmotionChips emotions={dream.emotions} /> : none}
          </Detail>
          <Detail term={t('dreams.fields.tags')}>
            {dream.tags.length ? (
              <ul className="flex flex-wrap gap-1.5">
                {dream.tags.map((tag) => (
                  <li key={tag}>
                    <Link
                      to={`/app/dreams?${new URLSearchParams({ tag }).toString()}`}
                      className="inline-flex h-9 items-center rounded-full bg-secondary px-3 text-xs sm:h-7 sm:px-2.5 outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60"
                    >
                      #{tag}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              none
            )}
          </Detail>
        </dl>
        {dream.notes ? (
          <dl>
            <Detail term={t('dreams.fields.notes')}>
              <p className="leading-relaxed whitespace-pre-wrap text-pretty">{dream.notes}</p>
            </Detail>
          </dl>
        ) : null}
      </section>

      <p className="text-xs text-muted-foreground">
        {t('dreams.detail.recordedAt', { date: formatDateTime(dream.recordedAt, timeZone) })}
      </p>
    </article>
  );
}
