import { CHAT_DREAM_REF_PATTERN, type ChatDreamRef, type ChatMessage } from '@sonhario/contracts/chat';
import { Moon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SupportCard } from '@/components/support-card';
import { formatDate } from '@/lib/dates';
import { cn } from '@/lib/utils';
import type { ChatAuthor } from '../api/use-chat';

/** Who answered, in the user's words: the builtin guide is never called AI. */
export function useAuthorLabel() {
  const { t } = useTranslation();
  return (author: ChatAuthor) =>
    author.isGenerative && author.provider !== 'builtin'
      ? t('chat.author.generative', { provider: t(`analyses.providers.${author.provider}`), model: author.model })
      : t('chat.author.builtin');
}

/**
 * An answer's text with its `[D3]` markers as links to the dreams they name (the dream's title, else its night).
 * While the answer streams, `refs` is null (they come with the final event): a marker shows as a quiet 'um sonho'.
 * A marker whose dream is no longer in the journal says so.
 */
function withDreamLinks(text: string, refs: ChatDreamRef[] | null, labels: { pending: string; gone: string }) {
  const byRef = new Map((refs ?? []).map((ref) => [ref.ref, ref]));
  const parts: ReactNode[] = [];
  const pattern = new RegExp(CHAT_DREAM_REF_PATTERN.source, 'g');
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const index = match.index;
    if (index > last) parts.push(text.slice(last, index));
    const ref = byRef.get(`D${match[1] ?? ''}`);
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

/** A text's paragraphs (blank lines between them); single line breaks stay as breaks. */
const paragraphsOf = (text: string) => text.split(/\n\s*\n/).filter((part) => part.trim());

export function AssistantText({ text, refs }: { text: string; refs: ChatDreamRef[] | null }) {
  const { t } = useTranslation();
  const labels = { pending: t('chat.refPending'), gone: t('chat.refGone') };
  return (
    <div className="grid gap-3 text-[0.95rem] leading-relaxed text-pretty text-foreground/95">
      {paragraphsOf(text).map((paragraph, index) => (
        <p key={index} className="whitespace-pre-line">
          {withDreamLinks(paragraph, refs, labels)}
        </p>
      ))}
    </div>
  );
}

export function UserBubble({ text, isFailed = false }: { text: string; isFailed?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flex justify-end">
      <div
        className={cn(
          'max-w-[85%] rounded-2xl rounded-br-md border px-4 py-2.5 text-[0.95rem] leading-relaxed break-words whitespace-pre-wrap sm:max-w-[75%]',
          isFailed ? 'border-dashed border-border bg-card/40 text-foreground/80' : 'border-primary/25 bg-primary/15',
        )}
      >
        <span className="sr-only">{t('chat.you')}: </span>
        {text}
      </div>
    </div>
  );
}

/** One stored message: the user's on the right; an answer on the left with who wrote it, and the CVV card if needed. */
export function ChatMessageView({ message, showSupport }: { message: ChatMessage; showSupport: boolean }) {
  const authorLabel = useAuthorLabel();
  if (message.role === 'user') {
    return (
      <li className="grid gap-3">
        <UserBubble text={message.content} />
        {showSupport ? <SupportCard level={4} /> : null}
      </li>
    );
  }
  return (
    <li className="grid gap-3">
      <AssistantFrame
        author={
          message.provider
            ? authorLabel({
                provider: message.provider,
                model: message.model ?? '',
                isGenerative: message.isGenerative,
              })
            : null
        }
      >
        <AssistantText text={message.content} refs={message.dreamRefs} />
      </AssistantFrame>
      {showSupport ? <SupportCard level={4} /> : null}
    </li>
  );
}

/** The frame of an answer (stored or arriving): the guide's mark, the text, and who wrote it. */
export function AssistantFrame({
  author,
  children,
  isBusy = false,
}: {
  author: string | null;
  children: ReactNode;
  isBusy?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex gap-3" aria-busy={isBusy || undefined}>
      <span
        aria-hidden="true"
        className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-primary/35 to-primary/5 text-primary ring-1 ring-primary/30 ring-inset"
      >
        <Moon className="size-4" />
      </span>
      <div className="grid min-w-0 flex-1 gap-1.5">
        <span className="sr-only">{t('chat.oracle')}: </span>
        {children}
        {author ? <p className="text-xs text-muted-foreground">{author}</p> : null}
      </div>
    </div>
  );
}
