import { Moon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate } from '@/lib/dates';

/**
 * A dream an answer names with a `[D3]` marker (the chat's answers, docs/decisions/035; an analysis's interpretation,
 * docs/decisions/064): the user's own, still in the journal.
 */
export interface DreamRef {
  /** The marker's label, e.g. 'D3'. */
  ref: string;
  dreamId: string;
  title: string | null;
  dreamtOn: string;
}

/** `[D3]`: the marker both the chat and the analyses use (their contracts' patterns are this one). */
const DREAM_REF_PATTERN = /\[D(\d{1,3})\]/g;

/**
 * A text with its `[D3]` markers as links to the dreams they name (the dream's title, else its night). While the
 * text is still being written, `refs` is null (they come with the final answer): a marker shows as `labels.pending`.
 * A marker with no ref (its dream was deleted since) shows `labels.gone`, as plain text.
 */
export function withDreamLinks(
  text: string,
  refs: readonly DreamRef[] | null,
  labels: { pending: string; gone: string },
): ReactNode[] {
  const byRef = new Map((refs ?? []).map((ref) => [ref.ref, ref]));
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(new RegExp(DREAM_REF_PATTERN.source, 'g'))) {
    const index = match.index;
    if (index > last) parts.push(text.slice(last, index));
    const ref = byRef.get(`D${Number(match[1])}`);
    if (ref) {
      parts.push(
        <Link
          key={`${String(index)}-${ref.dreamId}`}
          to={`/app/dreams/${ref.dreamId}`}
          className="inline-flex items-baseline gap-1 rounded-sm font-medium text-primary underline decoration-primary/40 underline-offset-4 outline-none hover:decoration-primary focus-visible:ring-[3px] focus-visible:ring-ring/60"
        >
          <Moon aria-hidden="true" className="size-3.5 shrink-0 translate-y-0.5" />
          {ref.title ?? formatDate(ref.dreamtOn, 'medium')}
        </Link>,
      );
    } else {
      parts.push(
        <span key={String(index)} className="text-muted-foreground italic">
          {refs === null ? labels.pending : labels.gone}
        </span>,
      );
    }
    last = index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
