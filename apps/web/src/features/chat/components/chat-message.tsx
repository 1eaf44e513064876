import type { ChatDreamRef, ChatMessage } from '@sonhario/contracts/chat';
import { Moon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { withDreamLinks } from '@/components/dream-ref-text';
import { SupportCard } from '@/components/support-card';
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
