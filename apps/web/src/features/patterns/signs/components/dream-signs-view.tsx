import {
  COOCCURRENCE_RULES,
  SIGN_GROUPS,
  SIGN_RULES,
  type CooccurrencePair,
  type DreamSign,
  type DreamSignsResponse,
  type SignGroup,
  type SignKind,
} from '@sonhario/contracts/pattern-signs';
import {
  CloudLightning,
  Heart,
  MapPin,
  Pin,
  PinOff,
  Repeat,
  Shapes,
  Signpost,
  Sprout,
  Tag,
  User,
  type LucideIcon,
} from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SectionCard } from '@/components/section-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/dates';

/** 'Sinais de sonho' as drawn, from whatever signs it is given (the journal's, or the demo's), and its frame. */

const KIND_ICONS: Record<SignKind | 'nightmare', LucideIcon> = {
  symbol: Shapes,
  person: User,
  place: MapPin,
  tag: Tag,
  emotion: Heart,
  recurring: Repeat,
  nightmare: CloudLightning,
};

/** What a sign is called on screen: emotions and the recurring flag in the user's language, the rest as written. */
function useSignLabel() {
  const { t } = useTranslation();
  return (sign: { kind: string; key: string; label: string }) => {
    if (sign.kind === 'emotion') return t(`dreams.emotions.${sign.key}`, { defaultValue: sign.label });
    if (sign.kind === 'recurring') return t('dreamSigns.recurring');
    if (sign.kind === 'nightmare') return t('dreamSigns.nightmares');
    return sign.label;
  };
}

function SignItem({ sign, onToggle }: { sign: DreamSign; onToggle: (sign: DreamSign) => void }) {
  const { t } = useTranslation();
  const labelOf = useSignLabel();
  const label = labelOf(sign);
  const Icon = KIND_ICONS[sign.kind];
  const isPinned = sign.pinId !== null;
  const headingId = useId();
  return (
    <li
      aria-labelledby={headingId}
      className={
        isPinned
          ? 'grid gap-2 rounded-lg border border-primary/50 bg-primary/[0.06] px-4 py-3'
          : 'grid gap-2 rounded-lg border border-border/60 bg-background/30 px-4 py-3'
      }
    >
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/15 text-primary"
        >
          <Icon className="size-4" />
        </span>
        <div className="grid min-w-0 flex-1 gap-0.5">
          <p id={headingId} className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium break-words">
            <span>{label}</span>
            {isPinned ? (
              <Badge variant="secondary" className="gap-1">
                <Pin aria-hidden="true" className="size-3" />
                {t('dreamSigns.pinned')}
              </Badge>
            ) : null}
          </p>
          <p className="text-xs text-muted-foreground">
            {t(`dreamSigns.kinds.${sign.kind}`)} · {t('dreamSigns.count', { count: sign.count })}
          </p>
        </div>
        <Button
          type="button"
          variant={isPinned ? 'secondary' : 'ghost'}
          size="sm"
          aria-pressed={isPinned}
          aria-label={isPinned ? t('dreamSigns.unpin', { label }) : t('dreamSigns.pin', { label })}
          disabled={sign.pinId === 'pending'}
          onClick={() => onToggle(sign)}
          className="min-h-10 shrink-0"
        >
          {isPinned ? <PinOff aria-hidden="true" /> : <Pin aria-hidden="true" />}
          <span className="hidden sm:inline">{isPinned ? t('dreamSigns.unpinShort') : t('dreamSigns.pinShort')}</span>
        </Button>
      </div>
      {sign.dreams.length > 0 ? (
        <ul aria-label={t('dreamSigns.dreamsOf', { label })} className="grid gap-1 pl-11 text-sm">
          {sign.dreams.map((dream) => (
            <li key={dream.id} className="min-w-0">
              <Link
                to={`/app/dreams/${dream.id}`}
                className="inline-flex max-w-full items-baseline gap-2 rounded-sm text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60"
              >
                <span className="truncate">{dream.title}</span>
                <span className="shrink-0 text-xs text-muted-foreground">{formatDate(dream.dreamtOn, 'medium')}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * One group of signs under its heading (decision 061): images (symbols, people, places) lead, then feelings, then
 * the user's tags. The images' heading stays with a calm line while too few analysed dreams hold any.
 */
function SignGroupList({
  group,
  signs,
  onToggle,
}: {
  group: SignGroup;
  signs: DreamSign[];
  onToggle: (sign: DreamSign) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  if (signs.length === 0 && group !== 'images') return null;
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <div className="grid gap-0.5">
        <h3 id={headingId} className="font-display text-base font-semibold">
          {t(`dreamSigns.groups.${group}.title`)}
        </h3>
        <p className="text-sm text-muted-foreground">{t(`dreamSigns.groups.${group}.hint`)}</p>
      </div>
      {signs.length === 0 ? (
        <Calm title={t('dreamSigns.groups.images.empty', { count: SIGN_RULES.minDreams })} />
      ) : (
        <ol aria-labelledby={headingId} className="grid gap-2">
          {signs.map((sign) => (
            <SignItem key={`${sign.kind}:${sign.key}`} sign={sign} onToggle={onToggle} />
          ))}
        </ol>
      )}
    </section>
  );
}

function PairItem({ pair }: { pair: CooccurrencePair }) {
  const { t } = useTranslation();
  const labelOf = useSignLabel();
  const A = KIND_ICONS[pair.a.kind];
  const B = KIND_ICONS[pair.b.kind];
  return (
    <li className="grid gap-0.5 rounded-lg border border-border/60 bg-background/30 px-4 py-3 text-sm">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium">
        <A aria-hidden="true" className="size-4 text-primary" />
        <span>{labelOf(pair.a)}</span>
        <span className="text-muted-foreground">+</span>
        <B aria-hidden="true" className="size-4 text-primary" />
        <span>{labelOf(pair.b)}</span>
      </p>
      <p className="text-muted-foreground">
        {t('dreamSigns.together.pair', {
          together: pair.together,
          count: pair.together,
          lift: pair.lift.toLocaleString(undefined, { maximumFractionDigits: 1 }),
          total: pair.dreamCount,
        })}
      </p>
    </li>
  );
}

function Calm({ title, text }: { title: string; text?: string }) {
  return (
    <p
      role="note"
      className="flex items-start gap-2.5 rounded-lg border border-border/60 bg-background/30 px-4 py-3 text-sm text-pretty"
    >
      <Sprout aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
      <span>
        <span className="font-medium">{title}</span>
        {text ? <span className="block text-muted-foreground">{text}</span> : null}
      </span>
    </p>
  );
}

/** The signs by group, pinned first, with the dreams each is in, then what tends to appear together. */
export function DreamSignsList({
  data,
  onToggle,
}: {
  data: Pick<DreamSignsResponse, 'signs' | 'cooccurrence'>;
  onToggle: (sign: DreamSign) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {data.signs.length === 0 ? (
        <Calm
          title={t('dreamSigns.empty')}
          text={t('dreamSigns.emptyHint', {
            count: SIGN_RULES.minDreams,
            share: Math.round(SIGN_RULES.minShare * 100),
          })}
        />
      ) : (
        <div aria-label={t('dreamSigns.listLabel')} role="group" className="grid gap-5">
          {SIGN_GROUPS.map((group) => (
            <SignGroupList
              key={group}
              group={group}
              signs={data.signs.filter((sign) => sign.group === group)}
              onToggle={onToggle}
            />
          ))}
        </div>
      )}
      <section aria-labelledby="dream-signs-together" className="grid gap-3">
        <h3 id="dream-signs-together" className="font-display text-lg font-semibold">
          {t('dreamSigns.together.title')}
        </h3>
        {data.cooccurrence.isTooLittleData ? (
          <Calm
            title={t('dreamSigns.together.tooLittle')}
            text={t('dreamSigns.together.tooLittleHint', { count: COOCCURRENCE_RULES.minDreams })}
          />
        ) : data.cooccurrence.pairs.length === 0 ? (
          <Calm title={t('dreamSigns.together.none')} />
        ) : (
          <ul className="grid gap-2">
            {data.cooccurrence.pairs.map((pair) => (
              <PairItem key={`${pair.a.kind}:${pair.a.key}|${pair.b.kind}:${pair.b.key}`} pair={pair} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** The section's card: 'Sinais de sonho', or what it would add while locked (Dreamer). */
export function DreamSignsFrame({ isLocked, children }: { isLocked: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <SectionCard
      id="dream-signs"
      icon={Signpost}
      title={isLocked ? t('dreamSigns.locked.title') : t('dreamSigns.title')}
      description={t('dreamSigns.description')}
    >
      {children}
    </SectionCard>
  );
}
