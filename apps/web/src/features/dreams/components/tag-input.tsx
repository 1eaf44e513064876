import { DREAM_LIMITS } from '@sonhario/contracts/dreams';
import { Plus, X } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

/** Case- and accent-insensitive form of a tag, for "already there?" and suggestion matching. */
const fold = (tag: string) =>
  tag
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('pt-BR')
    .trim();

interface TagInputProps {
  id: string;
  describedBy?: string;
  isInvalid?: boolean;
  value: readonly string[];
  onChange: (tags: string[]) => void;
  /** The user's existing tags, most used first. */
  suggestions: readonly string[];
}

const MAX_SUGGESTIONS = 8;

/**
 * Free-text tags as chips: Enter or a comma adds what was typed (so does leaving the field), Backspace in the
 * empty field removes the last chip, and the user's own tags are offered as one-tap suggestions.
 */
export function TagInput({ id, describedBy, isInvalid, value, onChange, suggestions }: TagInputProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const chosen = new Set(value.map(fold));
  const isFull = value.length >= DREAM_LIMITS.tagsMax;

  function add(raw: readonly string[]) {
    const next = [...value];
    const seen = new Set(next.map(fold));
    for (const piece of raw) {
      const tag = piece.trim().slice(0, DREAM_LIMITS.tagLengthMax);
      if (!tag || seen.has(fold(tag)) || next.length >= DREAM_LIMITS.tagsMax) continue;
      seen.add(fold(tag));
      next.push(tag);
    }
    if (next.length !== value.length) onChange(next);
  }

  function commitText() {
    if (text.trim()) add(text.split(','));
    setText('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' || event.key === ',') {
      // Enter must not submit the whole dream while a tag is being typed.
      event.preventDefault();
      commitText();
    } else if (event.key === 'Backspace' && text === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  }

  const typed = fold(text);
  const offered = suggestions
    .filter((tag) => !chosen.has(fold(tag)) && (typed === '' || fold(tag).includes(typed)))
    .slice(0, MAX_SUGGESTIONS);

  return (
    <div className="grid gap-2.5">
      <div
        className={cn(
          'flex min-h-11 flex-wrap items-center gap-1.5 rounded-md border border-input px-1.5 py-1.5 shadow-xs transition-[color,box-shadow] focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/50 dark:bg-input/20',
          isInvalid && 'border-destructive',
        )}
      >
        {value.length > 0 ? (
          <ul className="contents" aria-label={t('dreams.fields.tags')}>
            {value.map((tag, index) => (
              <li
                key={tag}
                className="inline-flex h-9 items-center gap-0.5 rounded-full bg-secondary pr-0.5 pl-3 text-sm sm:h-8"
              >
                <span className="max-w-48 truncate">#{tag}</span>
                <button
                  type="button"
                  onClick={() => onChange(value.filter((_, i) => i !== index))}
                  aria-label={t('dreams.fields.removeTag', { tag })}
                  className="flex size-8 items-center justify-center rounded-full text-muted-foreground sm:size-7 outline-none hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60"
                >
                  <X aria-hidden="true" className="size-3.5" />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <Input
          id={id}
          value={text}
          onChange={(event) => {
            const next = event.target.value;
            // A pasted "mar, família" becomes two chips at once.
            if (next.includes(',')) {
              const parts = next.split(',');
              add(parts.slice(0, -1));
              setText(parts.at(-1) ?? '');
            } else setText(next);
          }}
          onKeyDown={onKeyDown}
          onBlur={commitText}
          disabled={isFull}
          maxLength={DREAM_LIMITS.tagLengthMax}
          enterKeyHint="done"
          autoComplete="off"
          autoCapitalize="none"
          placeholder={
            isFull ? t('dreams.fields.tagsFull', { count: DREAM_LIMITS.tagsMax }) : t('dreams.fields.tagsPlaceholder')
          }
          aria-invalid={isInvalid ? true : undefined}
          aria-describedby={describedBy}
          className="h-9 min-w-32 flex-1 border-0 bg-transparent px-1.5 shadow-none focus-visible:ring-0 dark:bg-transparent"
        />
      </div>
      {offered.length > 0 && !isFull ? (
        <div className="flex flex-wrap items-center gap-1.5">
          <span className="mr-1 text-xs text-muted-foreground">{t('dreams.fields.tagSuggestions')}</span>
          {offered.map((tag) => (
            <button
              key={tag}
              type="button"
              // Keep focus (and the phone keyboard) where it is; the click still lands.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => {
                add([tag]);
                setText('');
              }}
              aria-label={t('dreams.fields.addTag', { tag })}
              className="inline-flex h-10 items-center gap-1 rounded-full border border-dashed sm:h-8 border-border px-2.5 text-sm text-muted-foreground outline-none hover:border-primary/50 hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60"
            >
              <Plus aria-hidden="true" className="size-3.5" />
              {tag}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
