import { CHAT_LIMITS } from '@sonhario/contracts/chat';
import { ArrowUp, Square } from 'lucide-react';
import { type RefObject, useId, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** The counter shows from here on (90 % of the limit). */
const COUNTER_FROM = Math.floor(CHAT_LIMITS.messageMax * 0.9);
const MAX_HEIGHT_PX = 176;

/**
 * The message box at the bottom of a conversation: Enter sends, Shift+Enter starts a new line (and Enter while an
 * input method composes a word does neither), a counter near the 4,000-character limit, and 'Parar' in place of
 * 'Enviar' while an answer is being written.
 */
export function ChatComposer({
  value,
  onChange,
  onSend,
  onStop,
  isStreaming,
  isDisabled = false,
  placeholder,
  textareaRef,
}: {
  value: string;
  onChange: (value: string) => void;
  onSend: (text: string) => void;
  onStop: () => void;
  isStreaming: boolean;
  isDisabled?: boolean;
  placeholder: string;
  /** The box, for the conversation to put focus back in it (after 'Parar'). */
  textareaRef: RefObject<HTMLTextAreaElement | null>;
}) {
  const { t, i18n } = useTranslation();
  const inputId = useId();
  const counterId = useId();
  const length = value.length;
  const isTooLong = length > CHAT_LIMITS.messageMax;
  const canSend = !isStreaming && !isDisabled && value.trim().length > 0 && !isTooLong;
  const number = new Intl.NumberFormat(i18n.language);

  // Grows with its text up to a few lines, then scrolls.
  useLayoutEffect(() => {
    const box = textareaRef.current;
    if (!box) return;
    box.style.height = 'auto';
    box.style.height = `${String(Math.min(box.scrollHeight, MAX_HEIGHT_PX))}px`;
  }, [value, textareaRef]);

  function submit() {
    if (canSend) onSend(value.trim());
  }

  return (
    <form
      className="grid gap-1.5"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="flex items-end gap-2 rounded-2xl border border-input bg-background/60 p-1.5 pl-3 shadow-xs transition-[border-color,box-shadow] focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/40 dark:bg-input/20">
        <label htmlFor={inputId} className="sr-only">
          {t('chat.composer.label')}
        </label>
        <textarea
          id={inputId}
          ref={textareaRef}
          rows={1}
          value={value}
          placeholder={placeholder}
          disabled={isDisabled}
          aria-invalid={isTooLong || undefined}
          aria-describedby={length >= COUNTER_FROM ? counterId : undefined}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
            event.preventDefault();
            submit();
          }}
          className="max-h-44 min-h-10 flex-1 resize-none bg-transparent py-2 text-base leading-6 outline-none placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-60 md:text-sm"
        />
        {/* Keyed: 'Parar' and 'Enviar' are two buttons, so a press meant for one never lands on the other. */}
        {isStreaming ? (
          <Button key="stop" type="button" variant="outline" className="h-10 shrink-0 rounded-xl" onClick={onStop}>
            <Square aria-hidden="true" className="fill-current" />
            {t('chat.composer.stop')}
          </Button>
        ) : (
          <Button
            key="send"
            type="submit"
            size="icon"
            className="size-10 shrink-0 rounded-xl"
            disabled={!canSend}
            aria-label={t('chat.composer.send')}
          >
            <ArrowUp aria-hidden="true" />
          </Button>
        )}
      </div>
      <div className="flex min-h-4 items-center justify-between gap-3 px-1 text-xs text-muted-foreground">
        <span className="max-sm:hidden">{t('chat.composer.hint')}</span>
        {length >= COUNTER_FROM ? (
          <span
            id={counterId}
            className={cn('ml-auto tabular-nums', isTooLong && 'font-medium text-red-700 dark:text-red-300')}
          >
            {t('chat.composer.counter', {
              count: length,
              length: number.format(length),
              max: number.format(CHAT_LIMITS.messageMax),
            })}
          </span>
        ) : null}
      </div>
    </form>
  );
}
