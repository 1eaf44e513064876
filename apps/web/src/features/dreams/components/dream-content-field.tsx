// The dream form's text: the textarea growing with the words, the count near the limit, and dictation appended to it.
import { DREAM_LIMITS } from '@sonhario/contracts/dreams';
import { useRef } from 'react';
import {
  useWatch,
  type Control,
  type UseFormGetValues,
  type UseFormRegisterReturn,
  type UseFormSetValue,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { describedBy, FormField } from '@/components/form-field';
import { Textarea } from '@/components/ui/textarea';
import { currentFormatLocale } from '@/lib/dates';
import type { DreamFormValues, ValidDreamValues } from '../dream-form-values';
import { DictationButton } from './dictation-button';

/** Grows the dream's textarea with its text, so the whole dream stays readable while writing. */
function fitHeight(element: HTMLTextAreaElement | null) {
  if (!element) return;
  element.style.height = 'auto';
  element.style.height = `${element.scrollHeight + 2}px`;
}

export function DreamContentField({
  id,
  error: contentError,
  autoFocus,
  control,
  registration,
  getValues,
  setValue,
}: {
  id: string;
  error: string | undefined;
  autoFocus?: boolean;
  control: Control<DreamFormValues, unknown, ValidDreamValues>;
  /** `register('content')`, called by the form first so the text stays the first field focused on an error. */
  registration: UseFormRegisterReturn<'content'>;
  getValues: UseFormGetValues<DreamFormValues>;
  setValue: UseFormSetValue<DreamFormValues>;
}) {
  const { t } = useTranslation();
  const contentLength = useWatch({ control, name: 'content' }).length;

  const { ref: contentRef, onChange: onContentChange, ...contentField } = registration;
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

  return (
    <FormField id={id} label={t('dreams.fields.content')} error={contentError} className="gap-2.5">
      <Textarea
        id={id}
        autoFocus={autoFocus}
        rows={8}
        maxLength={DREAM_LIMITS.contentMax}
        placeholder={t('dreams.fields.contentPlaceholder')}
        autoCapitalize="sentences"
        spellCheck
        aria-invalid={contentError ? true : undefined}
        aria-describedby={describedBy(id, { error: contentError })}
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
  );
}
