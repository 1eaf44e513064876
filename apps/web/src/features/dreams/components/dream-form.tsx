import { zodResolver } from '@hookform/resolvers/zod';
import { DREAM_LIMITS } from '@sonhario/contracts/dreams';
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { describedBy, FormField } from '@/components/form-field';
import { Input } from '@/components/ui/input';
import type { ApiErrorDetail } from '@/lib/api-client';
import { todayIn } from '@/lib/dates';
import {
  dreamFormSchema,
  type DreamFormField,
  type DreamFormValues,
  type ValidDreamValues,
} from '../dream-form-values';
import { isSaveShortcut } from '../save-shortcut';
import { DreamContentField } from './dream-content-field';
import { DreamDateField } from './dream-date-field';
import { DreamFormDetails } from './dream-form-details';
import { DETAIL_FIELDS, FORM_FIELDS, hasDetails, messageOf, serverErrorsOf } from './dream-form-fields';
import { DreamFormFooter } from './dream-form-footer';

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
  /** Opens 'Mais detalhes' from the start even when none is filled in (the dream page's 'Adicionar detalhes'). */
  isDetailsOpenAtStart?: boolean;
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
  isDetailsOpenAtStart = false,
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
  const [isDetailsOpen, setIsDetailsOpen] = useState(() => isDetailsOpenAtStart || hasDetails(defaultValues));

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
  const contentRegistration = register('content');

  const submit = handleSubmit((values) => {
    const changed = FORM_FIELDS.filter((name) => Boolean(dirtyFields[name]));
    onSubmit(values, changed);
  });

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
      <DreamDateField id={field('date')} max={today} error={dateError} registration={register('dreamtOn')} />

      <DreamContentField
        id={field('content')}
        error={contentError}
        autoFocus={autoFocus}
        control={control}
        registration={contentRegistration}
        getValues={getValues}
        setValue={setValue}
      />

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

      <DreamFormDetails
        field={field}
        control={control}
        register={register}
        errors={errors}
        isOpen={isOpen}
        onToggle={() => setIsDetailsOpen(!isOpen)}
      />

      <DreamFormFooter
        status={status}
        secondaryAction={secondaryAction}
        isSaving={isSaving}
        submitLabel={submitLabel}
      />
    </form>
  );
}
