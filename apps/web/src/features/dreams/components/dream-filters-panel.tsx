import { EMOTIONS, type Emotion } from '@sonhario/contracts/dreams';
import { CloudLightning, Eye, Repeat, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { toggleVariants } from '@/components/ui/toggle-group';
import { formatDate } from '@/lib/dates';
import type { DreamFilters } from '@/lib/query-keys';
import { cn } from '@/lib/utils';
import { useTags } from '../api/use-tags';

interface FiltersProps {
  filters: DreamFilters;
  onChange: (change: Partial<DreamFilters>) => void;
}

const KINDS = [
  { name: 'lucid', label: 'onlyLucid', icon: Eye },
  { name: 'nightmare', label: 'onlyNightmares', icon: CloudLightning },
  { name: 'recurring', label: 'onlyRecurring', icon: Repeat },
] as const;

/** Date range, emotion, tag and the three kinds of dream. Every control writes straight to the URL. */
export function DreamFiltersPanel({
  id,
  hidden,
  filters,
  onChange,
  today,
}: FiltersProps & { id: string; hidden: boolean; today: string }) {
  const { t } = useTranslation();
  const { data: tags } = useTags();
  const tagNames = (tags ?? []).map((tag) => tag.name);
  if (filters.tag && !tagNames.includes(filters.tag)) tagNames.unshift(filters.tag);

  return (
    <section
      id={id}
      hidden={hidden}
      aria-label={t('dreams.list.filtersTitle')}
      className="grid gap-5 rounded-xl border border-border bg-card/50 p-4 backdrop-blur-sm sm:p-5"
    >
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <div className="grid gap-2">
          <Label htmlFor="filter-from">{t('dreams.list.from')}</Label>
          <Input
            id="filter-from"
            type="date"
            max={filters.to ?? today}
            value={filters.from ?? ''}
            onChange={(event) => onChange({ from: event.target.value || undefined })}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="filter-to">{t('dreams.list.to')}</Label>
          <Input
            id="filter-to"
            type="date"
            min={filters.from}
            max={today}
            value={filters.to ?? ''}
            onChange={(event) => onChange({ to: event.target.value || undefined })}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="filter-emotion">{t('dreams.list.emotion')}</Label>
          <NativeSelect
            id="filter-emotion"
            value={filters.emotion ?? ''}
            onChange={(event) => onChange({ emotion: (event.target.value || undefined) as Emotion | undefined })}
          >
            <option value="">{t('dreams.list.anyEmotion')}</option>
            {EMOTIONS.map((emotion) => (
              <option key={emotion} value={emotion}>
                {t(`dreams.emotions.${emotion}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="filter-tag">{t('dreams.list.tag')}</Label>
          <NativeSelect
            id="filter-tag"
            value={filters.tag ?? ''}
            onChange={(event) => onChange({ tag: event.target.value || undefined })}
          >
            <option value="">{t('dreams.list.anyTag')}</option>
            {tagNames.map((name) => (
              <option key={name} value={name}>
                #{name}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">{t('dreams.list.kinds')}</legend>
        <div className="flex flex-wrap gap-2">
          {KINDS.map(({ name, label, icon: Icon }) => {
            const isOn = filters[name] === true;
            return (
              <button
                key={name}
                type="button"
                aria-pressed={isOn}
                data-state={isOn ? 'on' : 'off'}
                onClick={() => onChange({ [name]: isOn ? undefined : true })}
                className={toggleVariants({ variant: 'chip' })}
              >
                <Icon aria-hidden="true" />
                {t(`dreams.list.${label}`)}
              </button>
            );
          })}
        </div>
      </fieldset>
    </section>
  );
}

/** The filters in force as removable chips, and 'Limpar filtros'. */
export function ActiveFilters({ filters, onChange, onClear }: FiltersProps & { onClear: () => void }) {
  const { t } = useTranslation();
  const chips: { key: string; label: string; change: Partial<DreamFilters> }[] = [];
  if (filters.q)
    chips.push({ key: 'q', label: t('dreams.list.searchChip', { q: filters.q }), change: { q: undefined } });
  if (filters.from)
    chips.push({
      key: 'from',
      label: t('dreams.list.fromChip', { date: formatDate(filters.from) }),
      change: { from: undefined },
    });
  if (filters.to)
    chips.push({
      key: 'to',
      label: t('dreams.list.toChip', { date: formatDate(filters.to) }),
      change: { to: undefined },
    });
  if (filters.emotion)
    chips.push({ key: 'emotion', label: t(`dreams.emotions.${filters.emotion}`), change: { emotion: undefined } });
  if (filters.tag)
    chips.push({ key: 'tag', label: t('dreams.list.tagChip', { tag: filters.tag }), change: { tag: undefined } });
  const flags = [
    ['lucid', 'onlyLucid', 'notLucid'],
    ['nightmare', 'onlyNightmares', 'notNightmares'],
    ['recurring', 'onlyRecurring', 'notRecurring'],
  ] as const;
  for (const [name, yes, no] of flags) {
    if (filters[name] !== undefined)
      chips.push({ key: name, label: t(`dreams.list.${filters[name] ? yes : no}`), change: { [name]: undefined } });
  }
  if (chips.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <h2 className="sr-only">{t('dreams.list.activeFilters')}</h2>
      <ul className="contents">
        {chips.map((chip) => (
          <li key={chip.key}>
            <button
              type="button"
              onClick={() => onChange(chip.change)}
              aria-label={t('dreams.list.removeFilter', { label: chip.label })}
              className={cn(
                'inline-flex h-10 items-center gap-1.5 rounded-full border border-primary/40 bg-primary/15 pr-2.5 pl-3.5 text-sm outline-none hover:bg-primary/25 focus-visible:ring-[3px] focus-visible:ring-ring/60 sm:h-8',
              )}
            >
              {chip.label}
              <X aria-hidden="true" className="size-3.5 text-muted-foreground" />
            </button>
          </li>
        ))}
      </ul>
      <Button variant="link" className="h-10 px-2 sm:h-8" onClick={onClear}>
        {t('dreams.list.clearFilters')}
      </Button>
    </div>
  );
}
