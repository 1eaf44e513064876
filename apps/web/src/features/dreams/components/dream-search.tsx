import { Search, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';

const SEARCH_DELAY_MS = 350;

/**
 * The search box. It writes to the URL after a pause in typing (Enter writes at once); when the URL changes by
 * itself (back/forward, 'Limpar filtros'), the box follows it.
 */
export function DreamSearch({ value, onSearch }: { value: string; onSearch: (q: string, isFirst: boolean) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const [synced, setSynced] = useState(value);
  if (value !== synced) {
    setSynced(value);
    setText(value);
  }

  useEffect(() => {
    const q = text.trim();
    if (q === synced) return;
    const timer = setTimeout(() => {
      setSynced(q);
      onSearch(q, synced === '');
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, synced, onSearch]);

  return (
    <form
      role="search"
      className="relative flex-1"
      onSubmit={(event) => {
        event.preventDefault();
        const q = text.trim();
        if (q === synced) return;
        setSynced(q);
        onSearch(q, synced === '');
      }}
    >
      <label htmlFor="dream-search" className="sr-only">
        {t('dreams.list.searchLabel')}
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        id="dream-search"
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t('dreams.list.searchPlaceholder')}
        enterKeyHint="search"
        autoComplete="off"
        className="h-11 bg-card/60 pr-11 pl-10 text-base md:text-sm [&::-webkit-search-cancel-button]:hidden"
      />
      {text ? (
        <button
          type="button"
          onClick={() => {
            setText('');
            setSynced('');
            onSearch('', false);
          }}
          aria-label={t('dreams.list.clearSearch')}
          className="absolute top-1/2 right-0.5 flex size-10 -translate-y-1/2 items-center justify-center rounded-md text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      ) : null}
    </form>
  );
}
