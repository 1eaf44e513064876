import type { Dream } from '@sonhario/contracts/dreams';
import type { TFunction } from 'i18next';
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

/**
 * The details the user gave, each as a term and its value: the empty ones are left out (no 'not given' rows), and
 * lucidity 0 ('Nenhuma', the form's default, which a user cannot tell apart from not answering) counts as not given
 * (docs/decisions/081-dream-page-shows-what-was-given.md).
 */
function givenDetails(dream: Dream, t: TFunction): { term: string; value: ReactNode }[] {
  const Face = dream.mood ? MOOD_FACES[dream.mood - 1] : undefined;
  const rows: { term: string; value: ReactNode }[] = [];
  if (dream.mood && Face) {
    rows.push({
      term: t('dreams.fields.mood'),
      value: (
        <span className="inline-flex items-center gap-2">
          <Face aria-hidden="true" className="size-4 text-primary" />
          {t(`dreams.mood.${dream.mood as Five}`)}
        </span>
      ),
    });
  }
  if (dream.lucidity > 0) {
    rows.push({ term: t('dreams.fields.lucidity'), value: t(`dreams.lucidity.${dream.lucidity as 1 | 2 | 3}`) });
  }
  if (dream.vividness) {
    rows.push({
      term: t('dreams.fields.vividness'),
      value: (
        <span className="inline-flex items-center gap-2">
          <Dots value={dream.vividness} />
          {t(`dreams.vividness.${dream.vividness as Five}`)}
        </span>
      ),
    });
  }
  if (dream.sleepQuality) {
    rows.push({
      term: t('dreams.fields.sleepQuality'),
      value: (
        <span className="inline-flex items-center gap-2">
          <Dots value={dream.sleepQuality} />
          {t(`dreams.sleepQuality.${dream.sleepQuality as Five}`)}
        </span>
      ),
    });
  }
  if (dream.emotions.length) {
    rows.push({ term: t('dreams.fields.emotions'), value: <EmotionChips emotions={dream.emotions} /> });
  }
  if (dream.tags.length) {
    rows.push({
      term: t('dreams.fields.tags'),
      value: (
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
      ),
    });
  }
  return rows;
}

/** The 'Detalhes' box: the given details, then the notes. */
function DetailsBox({ rows, notes }: { rows: { term: string; value: ReactNode }[]; notes: string | null }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="dream-details-title"
      className="grid gap-5 rounded-xl border border-border/70 bg-card/30 p-5 sm:p-6"
    >
      <h2 id="dream-details-title" className="font-display text-lg font-semibold">
        {t('dreams.detail.details')}
      </h2>
      {rows.length ? (
        <dl className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {rows.map(({ term, value }) => (
            <Detail key={term} term={term}>
              {value}
            </Detail>
          ))}
        </dl>
      ) : null}
      {notes ? (
        <dl>
          <Detail term={t('dreams.fields.notes')}>
            <p className="leading-relaxed whitespace-pre-wrap text-pretty">{notes}</p>
          </Detail>
        </dl>
      ) : null}
    </section>
  );
}

/**
 * A dream as the journal keeps it: the way back with its Editar / Excluir on one line, the night, the text, and the
 * details the user gave. Kept short on a phone, so that 'Analisar sonho' below is on screen right after saving.
 */
export function DreamDetail({ dream, timeZone }: { dream: Dream; timeZone: string }) {
  const { t } = useTranslation();
  const editPath = `/app/dreams/${dream.id}/edit`;
  const details = givenDetails(dream, t);
  const hasDetails = details.length > 0 || Boolean(dream.notes);

  return (
    <article className="grid gap-6 sm:gap-8" aria-labelledby="dream-title">
      <div className="grid gap-3 sm:gap-4">
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
          <BackLink to="/app/dreams">{t('dreams.detail.back')}</BackLink>
          <div className="flex gap-2">
            <Button asChild variant="outline" className="h-10">
              <Link to={editPath}>
                <Pencil aria-hidden="true" />
                {t('dreams.detail.edit')}
              </Link>
            </Button>
            <DeleteDreamButton dreamId={dream.id} title={dream.title} />
          </div>
        </div>
        <div className="grid gap-2 sm:gap-3">
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
      </div>

      {/* The text, and under it when it was written down (and, with no details yet, the way to add them). */}
      <div className="grid gap-3">
        <div className="rounded-2xl border border-border bg-card/60 px-4 py-4 shadow-[0_30px_120px_-60px_var(--glow)] backdrop-blur-sm sm:px-8 sm:py-8">
          <p className="font-display text-lg leading-relaxed whitespace-pre-wrap text-pretty text-foreground/95 sm:text-xl sm:leading-relaxed">
            {dream.content}
          </p>
        </div>
        {/* One line where both fit; on a narrow phone the link wraps whole to the next, with no separator left over. */}
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-1 text-xs text-muted-foreground">
          <p>{t('dreams.detail.recordedAt', { date: formatDateTime(dream.recordedAt, timeZone) })}</p>
          {hasDetails ? null : (
            // The edit form opens with its details showing: they are what the link is for.
            <Link
              to={editPath}
              state={{ isDetailsOpen: true }}
              className="-my-2 inline-flex min-h-8 items-center rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60"
            >
              {t('dreams.detail.addDetails')}
            </Link>
          )}
        </div>
      </div>

      {hasDetails ? <DetailsBox rows={details} notes={dream.notes} /> : null}
    </article>
  );
}
