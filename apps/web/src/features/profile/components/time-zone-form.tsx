import type { Profile } from '@sonhario/contracts/profile';
import { Globe2, Search } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { FormAlert, SectionCard } from '@/components/section-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { browserTimeZone } from '@/lib/dates';
import { cn } from '@/lib/utils';
import { useUpdateProfile } from '../api/use-update-profile';
import { currentZoneName, describeTimeZone, listTimeZones, searchTimeZones, type TimeZoneOption } from '../time-zones';

/** Enough to pick from on a phone; a narrower query finds the rest. */
const MAX_RESULTS = 40;

function ZoneLabel({ option }: { option: TimeZoneOption }) {
  return (
    <span className="grid min-w-0 gap-0.5">
      <span className="truncate font-medium">{option.city}</span>
      <span className="truncate text-xs text-muted-foreground">
        {option.id} · {option.offset}
      </span>
    </span>
  );
}

/** The zones to pick from, as radio buttons: the one this device reports and the saved one are marked. */
function ZoneList({
  options,
  name,
  selected,
  detected,
  saved,
  onSelect,
}: {
  options: TimeZoneOption[];
  name: string;
  selected: string;
  detected: string;
  saved: string | null;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="grid gap-2">
      <legend className="sr-only">{t('profile.timeZone.listLabel')}</legend>
      <ul className="grid max-h-72 gap-1.5 overflow-y-auto overscroll-contain rounded-lg pr-1">
        {options.map((option) => {
          const isChecked = option.id === selected;
          return (
            <li key={option.id}>
              <label
                className={cn(
                  'flex min-h-12 cursor-pointer items-center gap-3 rounded-md border px-3 py-2 text-sm transition-colors has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/60',
                  isChecked ? 'border-primary/60 bg-primary/15' : 'border-border bg-input/10 hover:border-primary/40',
                )}
              >
                <input
                  type="radio"
                  name={name}
                  value={option.id}
                  checked={isChecked}
                  onChange={() => onSelect(option.id)}
                  className="size-4 shrink-0 accent-primary"
                />
                {/* The badges wrap under the name on a phone, so the zone's name keeps its width. */}
                <span className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-1">
                  <ZoneLabel option={option} />
                  {option.id === detected || option.id === saved ? (
                    <span className="flex flex-wrap gap-1 sm:ml-auto">
                      {option.id === detected ? (
                        <Badge variant="secondary">{t('profile.timeZone.detected')}</Badge>
                      ) : null}
                      {option.id === saved ? <Badge variant="outline">{t('profile.timeZone.current')}</Badge> : null}
                    </span>
                  ) : null}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/**
 * The profile's time zone: it decides "today" and "last night" in the journal and the streak's days. A filter over
 * every zone the browser knows; with no filter, the zone this device reports comes first (the default suggestion),
 * then the saved one. Saved with PATCH /me/profile.
 */
export function TimeZoneForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const ids = useId();
  const updateProfile = useUpdateProfile();
  const errorMessage = useApiErrorMessage();
  const detected = useMemo(() => currentZoneName(browserTimeZone()), []);
  const saved = profile.isTimeZoneSet ? currentZoneName(profile.timeZone) : null;
  const [selected, setSelected] = useState(saved ?? detected);
  const [query, setQuery] = useState('');
  const all = useMemo(() => listTimeZones(), []);

  const isSearching = query.trim() !== '';
  const matches = useMemo(() => (isSearching ? searchTimeZones(all, query) : []), [all, query, isSearching]);
  const suggestions = useMemo(() => {
    const list = [detected, ...(saved && saved !== detected ? [saved] : [])];
    return list.map((id) => all.find((option) => option.id === id) ?? describeTimeZone(id));
  }, [all, detected, saved]);
  const shown = isSearching ? matches.slice(0, MAX_RESULTS) : suggestions;
  const selectedOption = all.find((option) => option.id === selected) ?? describeTimeZone(selected);
  const isUnchanged = selected === saved;

  const resultsText = !isSearching
    ? t('profile.timeZone.hint')
    : matches.length === 0
      ? t('profile.timeZone.none', { query: query.trim() })
      : matches.length > MAX_RESULTS
        ? t('profile.timeZone.resultsMore', { shown: MAX_RESULTS, count: matches.length })
        : matches.length === 1
          ? t('profile.timeZone.resultsOne')
          : t('profile.timeZone.results', { count: matches.length });

  const save = () => {
    if (updateProfile.isPending || isUnchanged) return;
    updateProfile.mutate(
      { timeZone: selected },
      {
        onSuccess: () =>
          toast.success(t('profile.timeZone.saved'), {
            description: `${selectedOption.city} · ${selectedOption.offset}`,
          }),
      },
    );
  };

  const searchId = `${ids}-search`;
  const resultsId = `${ids}-results`;
  return (
    <SectionCard
      id="fuso-horario"
      icon={Globe2}
      title={t('profile.timeZone.title')}
      description={t('profile.timeZone.description')}
    >
      <div className="grid gap-1 rounded-lg border border-border/70 bg-background/30 px-4 py-3 text-sm">
        <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
          {t('profile.timeZone.selectedLabel')}
        </p>
        <p className="font-medium" data-testid="selected-time-zone">
          {selectedOption.city}{' '}
          <span className="font-normal text-muted-foreground">
            ({selectedOption.id} · {selectedOption.offset})
          </span>
        </p>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={searchId}>{t('profile.timeZone.search')}</Label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id={searchId}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t('profile.timeZone.searchPlaceholder')}
            autoComplete="off"
            spellCheck={false}
            aria-describedby={resultsId}
            className="pl-9"
          />
        </div>
        <p id={resultsId} role="status" className="text-xs text-muted-foreground">
          {resultsText}
        </p>
      </div>
      {shown.length > 0 ? (
        <ZoneList
          options={shown}
          name={`${ids}-zone`}
          selected={selected}
          detected={detected}
          saved={saved}
          onSelect={setSelected}
        />
      ) : null}
      {updateProfile.isError ? (
        <FormAlert>
          {t('profile.timeZone.saveError')} {errorMessage(updateProfile.error)}
        </FormAlert>
      ) : null}
      <div className="flex justify-end">
        <Button
          size="lg"
          className="w-full sm:h-10 sm:w-auto"
          disabled={updateProfile.isPending || isUnchanged}
          onClick={save}
        >
          {updateProfile.isPending ? <Spinner /> : null}
          {updateProfile.isPending ? t('profile.timeZone.busy') : t('profile.timeZone.submit')}
        </Button>
      </div>
    </SectionCard>
  );
}
