// What the dream form keeps behind 'Mais detalhes': mood, emotions, tags, lucidity, vividness and sleep quality, the
// nightmare and recurring switches, and the notes.
import { DREAM_LIMITS, LUCIDITY_LEVELS } from '@sonhario/contracts/dreams';
import { Annoyed, ChevronDown, Frown, Laugh, Meh, Smile } from 'lucide-react';
import { useMemo } from 'react';
import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { describedBy, FormField } from '@/components/form-field';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import { useTags } from '../api/use-tags';
import type { DreamFormValues, ValidDreamValues } from '../dream-form-values';
import { messageOf } from './dream-form-fields';
import { EmotionPicker } from './emotion-picker';
import { ScalePicker, type ScaleOption } from './scale-picker';
import { TagInput } from './tag-input';

const MOOD_FACES = [Frown, Annoyed, Meh, Smile, Laugh];

type DreamControl = Control<DreamFormValues, unknown, ValidDreamValues>;
/** The id of a part of the form (`${form's id}-${name}`). */
type FieldId = (name: string) => string;

export function DreamFormDetails({
  field,
  control,
  register,
  errors,
  isOpen,
  onToggle,
}: {
  field: FieldId;
  control: DreamControl;
  register: UseFormRegister<DreamFormValues>;
  errors: FieldErrors<DreamFormValues>;
  isOpen: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  const notesError = messageOf(errors.notes);
  return (
    <section className="grid gap-5">
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={field('details')}
        onClick={onToggle}
        className="group flex min-h-12 w-full items-center justify-between gap-3 rounded-lg border border-border bg-card/40 px-4 py-2.5 text-left outline-none transition-colors hover:border-primary/40 hover:bg-card/70 focus-visible:ring-[3px] focus-visible:ring-ring/60"
      >
        <span className="grid">
          <span className="font-medium">{t('dreams.form.moreDetails')}</span>
          <span className="text-xs text-muted-foreground">{t('dreams.form.moreDetailsHint')}</span>
        </span>
        <ChevronDown
          aria-hidden="true"
          className={cn('size-5 text-muted-foreground transition-transform', isOpen && 'rotate-180')}
        />
      </button>

      <div
        id={field('details')}
        hidden={!isOpen}
        className="grid gap-7 rounded-xl border border-border/70 bg-card/30 p-4 sm:p-6"
      >
        <MoodField field={field} control={control} />
        <EmotionsField field={field} control={control} error={messageOf(errors.emotions)} />
        <TagsField field={field} control={control} error={messageOf(errors.tags)} />
        <LucidityField field={field} control={control} />
        <ScaleFields field={field} control={control} />
        <FlagFields field={field} control={control} />

        <FormField id={field('notes')} label={t('dreams.fields.notes')} error={notesError}>
          <Textarea
            id={field('notes')}
            rows={3}
            maxLength={DREAM_LIMITS.notesMax}
            placeholder={t('dreams.fields.notesPlaceholder')}
            aria-invalid={notesError ? true : undefined}
            aria-describedby={describedBy(field('notes'), { error: notesError })}
            {...register('notes')}
          />
        </FormField>
      </div>
    </section>
  );
}

function MoodField({ field, control }: { field: FieldId; control: DreamControl }) {
  const { t } = useTranslation();
  const moodOptions: ScaleOption[] = MOOD_FACES.map((Face, index) => ({
    value: index + 1,
    face: <Face aria-hidden="true" className="size-5" />,
    label: t(`dreams.mood.${(index + 1) as 1 | 2 | 3 | 4 | 5}`),
  }));
  return (
    <div className="grid gap-2.5">
      <Label id={field('mood-label')}>{t('dreams.fields.mood')}</Label>
      <Controller
        control={control}
        name="mood"
        render={({ field: { value, onChange } }) => (
          <ScalePicker
            id={field('mood')}
            labelledBy={field('mood-label')}
            options={moodOptions}
            value={value}
            onChange={onChange}
            ends={[t('dreams.mood.1'), t('dreams.mood.5')]}
          />
        )}
      />
    </div>
  );
}

function EmotionsField({
  field,
  control,
  error,
}: {
  field: FieldId;
  control: DreamControl;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-2.5">
      <Label id={field('emotions-label')}>{t('dreams.fields.emotions')}</Label>
      <Controller
        control={control}
        name="emotions"
        render={({ field: { value, onChange } }) => (
          <EmotionPicker
            id={field('emotions')}
            labelledBy={field('emotions-label')}
            value={value}
            onChange={onChange}
          />
        )}
      />
      {error ? <p className="text-sm text-destructive">{error}</p> : null}
    </div>
  );
}

function TagsField({
  field,
  control,
  error: tagsError,
}: {
  field: FieldId;
  control: DreamControl;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const { data: tags } = useTags();
  const suggestions = useMemo(() => (tags ?? []).map((tag) => tag.name), [tags]);
  return (
    <FormField id={field('tags')} label={t('dreams.fields.tags')} error={tagsError} hint={t('dreams.fields.tagsHint')}>
      <Controller
        control={control}
        name="tags"
        render={({ field: { value, onChange } }) => (
          <TagInput
            id={field('tags')}
            value={value}
            onChange={onChange}
            suggestions={suggestions}
            isInvalid={Boolean(tagsError)}
            describedBy={describedBy(field('tags'), { error: tagsError, hint: t('dreams.fields.tagsHint') })}
          />
        )}
      />
    </FormField>
  );
}

function LucidityField({ field, control }: { field: FieldId; control: DreamControl }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-2.5">
      <Label id={field('lucidity-label')}>{t('dreams.fields.lucidity')}</Label>
      <p id={field('lucidity-hint')} className="-mt-1 text-xs text-muted-foreground">
        {t('dreams.fields.lucidityHint')}
      </p>
      <Controller
        control={control}
        name="lucidity"
        render={({ field: { value, onChange } }) => (
          <ScalePicker
            id={field('lucidity')}
            labelledBy={field('lucidity-label')}
            describedBy={field('lucidity-hint')}
            options={LUCIDITY_LEVELS.map((_, level) => ({
              value: level,
              face: String(level),
              label: t(`dreams.lucidity.${level as 0 | 1 | 2 | 3}`),
            }))}
            value={value}
            onChange={(next) => onChange(next ?? 0)}
            isRequired
            showLabels
          />
        )}
      />
    </div>
  );
}

/** Vividness and sleep quality, side by side from 1 to 5. */
function ScaleFields({ field, control }: { field: FieldId; control: DreamControl }) {
  const { t } = useTranslation();
  const scaleOptions = (name: 'vividness' | 'sleepQuality'): ScaleOption[] =>
    [1, 2, 3, 4, 5].map((value) => ({
      value,
      face: String(value),
      label: t(`dreams.${name}.${value as 1 | 2 | 3 | 4 | 5}`),
    }));
  return (
    <div className="grid gap-7 sm:grid-cols-2 sm:gap-6">
      {(['vividness', 'sleepQuality'] as const).map((name) => (
        <div key={name} className="grid gap-2.5">
          <Label id={field(`${name}-label`)}>{t(`dreams.fields.${name}`)}</Label>
          <Controller
            control={control}
            name={name}
            render={({ field: { value, onChange } }) => (
              <ScalePicker
                id={field(name)}
                labelledBy={field(`${name}-label`)}
                options={scaleOptions(name)}
                value={value}
                onChange={onChange}
                ends={[t(`dreams.${name}.1`), t(`dreams.${name}.5`)]}
              />
            )}
          />
        </div>
      ))}
    </div>
  );
}

/** The nightmare and recurring switches. */
function FlagFields({ field, control }: { field: FieldId; control: DreamControl }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {(['isNightmare', 'isRecurring'] as const).map((name) => {
        const key = name === 'isNightmare' ? 'nightmare' : 'recurring';
        return (
          <Controller
            key={name}
            control={control}
            name={name}
            render={({ field: { value, onChange } }) => (
              <div className="flex min-h-14 items-center justify-between gap-4 rounded-lg border border-border bg-input/10 px-4 py-3">
                <div className="grid gap-1">
                  <Label htmlFor={field(name)} className="cursor-pointer">
                    {t(`dreams.fields.${key}`)}
                  </Label>
                  <p id={field(`${name}-hint`)} className="text-xs text-muted-foreground">
                    {t(`dreams.fields.${key}Hint`)}
                  </p>
                </div>
                <Switch
                  id={field(name)}
                  checked={value}
                  onCheckedChange={onChange}
                  aria-describedby={field(`${name}-hint`)}
                />
              </div>
            )}
          />
        );
      })}
    </div>
  );
}
