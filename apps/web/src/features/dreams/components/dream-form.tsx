import { zodResolver } from '@hookform/resolvers/zod';
import { DREAM_LIMITS, LUCIDITY_LEVELS } from '@sonhario/contracts/dreams';
import { Annoyed, ChevronDown, Frown, Laugh, Meh, Smile } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { describedBy, FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import type { ApiErrorDetail } from '@/lib/api-client';
import { currentFormatLocale, todayIn } from '@/lib/dates';
import { cn } from '@/lib/utils';
import { useTags } from '../api/use-tags';
import {
  dreamFormSchema,
  type DreamFormField,
  type DreamFormValues,
  type ValidDreamValues,
} from '../dream-form-values';
import { isSaveShortcut, saveShortcutModifier } from '../save-shortcut';
import { DictationButton } from './dictation-button';
import { EmotionPicker } from './emotion-picker';
import { ScalePicker, type ScaleOption } from './scale-picker';
import { TagInput } from './tag-input';

const DETAIL_FIELDS = [
  'mood',
  'emotions',
  'tags',
  'lucidity',
  'vividness',
  'sleepQuality',
  'isNightmare',
  'isRecurring',
  'notes',
] as const;
const FORM_FIELDS: readonly DreamFormField[] = ['content', 'title', 'dreamtOn', ...DETAIL_FIELDS];

const MOOD_FACES = [Frown, Annoyed, Meh, Smile, Laugh];

const KBD =
  'rounded border border-border bg-card/60 px-1.5 py-0.5 font-sans text-[0.7rem] font-medium text-foreground/80';

/** The server's `details[].path` ("body.dreamtOn", "tags.2") → the form field it is about. */
function fieldOfPath(path: string): DreamFormField | undefined {
  return path.split(/[.[\]]/).find((part): part is DreamFormField => (FORM_FIELDS as readonly string[]).includes(part));
}

function serverErrorsOf(details: readonly ApiErrorDetail[] | undefined): FieldErrors<DreamFormValues> | undefined {
  if (!details?.length) return undefined;
  const errors: Record<string, { type: string; message: string }> = {};
  for (const { path, message } of details) {
    const field = fieldOfPath(path);
    if (field && !errors[field]) errors[field] = { type: 'server', message };
  }
  return Object.keys(errors).length ? errors : undefined;
}

/** The first message of a field's error (arrays like tags report per item). */
function messageOf(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === 'string' && message) return message;
  for (const value of Object.values(error)) {
    const nested = messageOf(value);
    if (nested) return nested;
  }
  return undefined;
}

function hasDetails(values: DreamFormValues): boolean {
  return (
    values.mood !== null ||
    values.emotions.length > 0 ||
    values.tags.length > 0 ||
    values.lucidity > 0 ||
    values.vividness !== null ||
    values.sleepQuality !== null ||
    values.isNightmare ||
    values.isRecurring ||
    values.notes.trim() !== ''
  );
}

/** Grows the dream's textarea with its text, so the whole dream stays readable while writing. */
function fitHeight(element: HTMLTextAreaElement | null) {
  if (!element) return;
  element.style.height = 'auto';
  element.style.height = `${element.scrollHeight + 2}px`;
}

export interface DreamFormProps {
  defaultValues: DreamFormValues;
  timeZone: string;
  isSaving: boolean;
  onSubmit: (values: ValidDreamValues, changed: DreamFormField[]) => void;
  /** Every change (the new-dream page keeps a draft with it). */
  onValuesChange?: (values: DreamFormValues) => void;
  /** The server's field errors (400 validation_failed `details`), shown beside their fields. */
  serverErrors?: readonly ApiErrorDetail[];
  submitLabel: string;
  /** Shown above the buttons (draft status). */
  status?: ReactNode;
  /** Secondary action beside the submit button (Cancel). */
  secondaryAction?: ReactNode;
  autoFocus?: boolean;
  'aria-label': string;
}

/**
 * The dream form, for recording and for editing: the date heading it, then the text (focused, growing with the
 * words), the title below it, everything else behind 'Mais detalhes'. Validated with the contract's
 * createDreamSchema; Ctrl+Enter or ⌘+Enter saves from anywhere in it.
 */
export function DreamForm({
  defaultValues,
  timeZone,
  isSaving,
  onSubmit,
  onValuesChange,
  serverErrors,
  submitLabel,
  status,
  secondaryAction,
  autoFocus,
  'aria-label': ariaLabel,
}: DreamFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const field = (name: string) => `${id}-${name}`;
  const schema = useMemo(() => dreamFormSchema(timeZone), [timeZone]);
  const {
    register,
    control,
    handleSubmit,
    subscribe,
    getValues,
    setValue,
    formState: { errors, dirtyFields },
  } = useForm<DreamFormValues, unknown, ValidDreamValues>({
    resolver: zodResolver(schema),
    defaultValues,
    errors: useMemo(() => serverErrorsOf(serverErrors), [serverErrors]),
  });
  const [isDetailsOpen, setIsDetailsOpen] = useState(() => hasDetails(defaultValues));
  const [shortcutModifier] = useState(saveShortcutModifier);
  const { data: tags } = useTags();
  const suggestions = useMemo(() => (tags ?? []).map((tag) => tag.name), [tags]);

  useEffect(() => {
    if (!onValuesChange) return;
    return subscribe({
      formState: { values: true },
      callback: ({ values }) => onValuesChange(values),
    });
  }, [subscribe, onValuesChange]);

  const errorOf = (name: DreamFormField) => messageOf(errors[name]);
  const hasHiddenError = DETAIL_FIELDS.some((name) => errors[name]);
  const isOpen = isDetailsOpen || hasHiddenError;
  const today = todayIn(timeZone);

  const contentError = errorOf('content');
  const titleError = errorOf('title');
  const dateError = errorOf('dreamtOn');
  const notesError = errorOf('notes');
  const tagsError = errorOf('tags');
  const contentLength = useWatch({ control, name: 'content' }).length;

  const { ref: contentRef, onChange: onContentChange, ...contentField } = register('content');
  const contentElement = useRef<HTMLTextAreaElement | null>(null);

  /** Dictated text goes after what is written (a space between), editable like typed text. */
  const appendDictation = (text: string) => {
    const written = getValues('content').replace(/\s+$/, '');
    const next = (written ? `${written} ${text}` : text).slice(0, DREAM_LIMITS.contentMax);
    setValue('content', next, { shouldDirty: true, shouldValidate: Boolean(contentError) });
    const element = contentElement.current;
    if (element) {
      fitHeight(element);
      element.focus();
      element.setSelectionRange(next.length, next.length);
    }
  };

  const submit = handleSubmit((values) => {
    const changed = FORM_FIELDS.filter((name) => Boolean(dirtyFields[name]));
    onSubmit(values, changed);
  });

  const scaleOptions = (name: 'vividness' | 'sleepQuality'): ScaleOption[] =>
    [1, 2, 3, 4, 5].map((value) => ({
      value,
      face: String(value),
      label: t(`dreams.${name}.${value as 1 | 2 | 3 | 4 | 5}`),
    }));
  const moodOptions: ScaleOption[] = MOOD_FACES.map((Face, index) => ({
    value: index + 1,
    face: <Face aria-hidden="true" className="size-5" />,
    label: t(`dreams.mood.${(index + 1) as 1 | 2 | 3 | 4 | 5}`),
  }));

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      onKeyDown={(event) => {
        if (!isSaveShortcut(event)) return;
        // Anywhere in the form, the text included: the same submit (and validation) as the button.
        event.preventDefault();
        if (!isSaving) event.currentTarget.requestSubmit();
      }}
      aria-label={ariaLabel}
      className="grid gap-6"
      aria-busy={isSaving || undefined}
    >
      {/*
        The date comes before the text (docs/decisions/041): a native date input is four Tab stops in Chromium (day,
        month, year, the calendar button), which sat between the text and 'Salvar sonho'. Here it heads the entry like
        a diary page's date, one Shift+Tab away from the text, and keeps the platform's own picker on phones.
      */}
      <div className="grid gap-1.5">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
          <Label htmlFor={field('date')}>{t('dreams.fields.dreamtOn')}</Label>
          <Input
            id={field('date')}
            type="date"
            min="1900-01-01"
            max={today}
            aria-invalid={dateError ? true : undefined}
            aria-describedby={describedBy(field('date'), { error: dateError, hint: t('dreams.fields.dreamtOnHint') })}
            className="w-auto bg-card/40"
            {...register('dreamtOn')}
          />
          <p id={`${field('date')}-hint`} className="text-xs text-muted-foreground">
            {t('dreams.fields.dreamtOnHint')}
          </p>
        </div>
        {dateError ? (
          <p id={`${field('date')}-error`} className="text-sm text-destructive">
            {dateError}
          </p>
        ) : null}
      </div>

      <FormField id={field('content')} label={t('dreams.fields.content')} error={contentError} className="gap-2.5">
        <Textarea
          id={field('content')}
          autoFocus={autoFocus}
          rows={8}
          maxLength={DREAM_LIMITS.contentMax}
          placeholder={t('dreams.fields.contentPlaceholder')}
          autoCapitalize="sentences"
          spellCheck
          aria-invalid={contentError ? true : undefined}
          aria-describedby={describedBy(field('content'), { error: contentError })}
          className="min-h-56 resize-none overflow-hidden bg-card/60 px-4 py-3.5 text-lg leading-relaxed md:min-h-64 md:text-lg dark:bg-card/50"
          {...contentField}
          ref={(element) => {
            contentRef(element);
            contentElement.current = element;
            fitHeight(element);
            if (element && autoFocus && document.activeElement === element) {
              // A restored draft: continue writing where it ended, not at its first word.
              element.setSelectionRange(element.value.length, element.value.length);
            }
          }}
          onChange={(event) => {
            fitHeight(event.target);
            void onContentChange(event);
          }}
        />
        {contentLength > DREAM_LIMITS.contentMax * 0.9 ? (
          <p className="text-right text-xs text-muted-foreground tabular-nums">
            {contentLength.toLocaleString(currentFormatLocale())} /{' '}
            {DREAM_LIMITS.contentMax.toLocaleString(currentFormatLocale())}
          </p>
        ) : null}
        <DictationButton onText={appendDictation} />
      </FormField>

      <FormField
        id={field('title')}
        label={
          <>
            {t('dreams.fields.title')}{' '}
            <span className="font-normal text-muted-foreground">{t('dreams.fields.titleOptional')}</span>
          </>
        }
        error={titleError}
      >
        <Input
          id={field('title')}
          maxLength={DREAM_LIMITS.titleMax}
          placeholder={t('dreams.fields.titlePlaceholder')}
          autoComplete="off"
          aria-invalid={titleError ? true : undefined}
          aria-describedby={describedBy(field('title'), { error: titleError })}
          {...register('title')}
        />
      </FormField>

      <section className="grid gap-5">
        <button
          type="button"
          aria-expanded={isOpen}
          aria-controls={field('details')}
          onClick={() => setIsDetailsOpen(!isOpen)}
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
            {errorOf('emotions') ? <p className="text-sm text-destructive">{errorOf('emotions')}</p> : null}
          </div>

          <FormField
            id={field('tags')}
            label={t('dreams.fields.tags')}
            error={tagsError}
            hint={t('dreams.fields.tagsHint')}
          >
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

      <div className="sticky bottom-0 z-10 -mx-4 flex flex-col gap-3 border-t border-border/60 bg-background/85 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur-lg sm:static sm:mx-0 sm:flex-row sm:items-center sm:justify-between sm:border-0 sm:bg-transparent sm:p-0 sm:backdrop-blur-none">
        <div className="min-h-5 text-xs text-muted-foreground sm:text-sm">{status}</div>
        <div className="flex items-center gap-3 sm:justify-end">
          {shortcutModifier ? (
            <p className="hidden text-xs whitespace-nowrap text-muted-foreground sm:block" data-testid="save-shortcut">
              <kbd className={KBD}>{shortcutModifier}</kbd>+<kbd className={KBD}>Enter</kbd>{' '}
              {t('dreams.shortcut.toSave')}
            </p>
          ) : null}
          {secondaryAction}
          <Button
            type="submit"
            size="lg"
            className="flex-1 sm:flex-none"
            disabled={isSaving}
            aria-keyshortcuts="Control+Enter Meta+Enter"
          >
            {isSaving ? <Spinner /> : null}
            {isSaving ? t('dreams.form.saving') : submitLabel}
          </Button>
        </div>
      </div>
    </form>
  );
}
