import type { ConsentStatus } from '@sonhario/contracts/consents';
import { ArrowRight, MessagesSquare } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RetryAlert } from '@/components/retry-alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useChatThreads } from '../api/use-chat';
import { ChatConversation, type ChatConsentQuestionProps } from './chat-conversation';

/**
 * 'Conversar sobre este sonho' on a dream's page: closed, one button; opened, the dream's latest conversation (or a
 * new one, created by its first message), inline, the composer at the bottom of its panel. The conversations are
 * asked for only once the user opens it.
 */
export function DreamChatSection({
  dreamId,
  timeZone,
  aiConsent,
  renderConsentQuestion,
}: {
  dreamId: string;
  timeZone: string;
  aiConsent: ConsentStatus | undefined;
  renderConsentQuestion: (props: ChatConsentQuestionProps) => ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const threads = useChatThreads({ dreamId, isEnabled: isOpen });
  const [createdId, setCreatedId] = useState<string | null>(null);
  const latest = threads.data?.items[0]?.id ?? null;
  const threadId = createdId ?? latest;
  const examples = [t('chat.dream.example1'), t('chat.dream.example2'), t('chat.dream.example3')];

  let body: ReactNode = null;
  if (isOpen && threads.isPending) {
    body = (
      <div role="status" aria-label={t('common.loading')}>
        <Skeleton className="h-72 w-full rounded-2xl" />
      </div>
    );
  } else if (isOpen && threads.isError) {
    body = (
      <RetryAlert message={t('chat.list.loadFailed')} error={threads.error} onRetry={() => void threads.refetch()} />
    );
  } else if (isOpen) {
    body = (
      <div className="grid gap-2">
        <div className="-mx-4 flex h-[min(36rem,78dvh)] flex-col overflow-hidden border-y border-border/60 bg-card/50 backdrop-blur-sm sm:mx-0 sm:rounded-2xl sm:border">
          <ChatConversation
            className="flex-1"
            threadId={threadId}
            newThread={{ kind: 'dream', dreamId }}
            onThreadCreated={(thread) => setCreatedId(thread.id)}
            emptyTitle={t('chat.dream.emptyTitle')}
            emptyText={t('chat.dream.emptyText')}
            examples={examples}
            placeholder={t('chat.dream.placeholder')}
            timeZone={timeZone}
            aiConsent={aiConsent}
            renderConsentQuestion={renderConsentQuestion}
          />
        </div>
        {threadId ? (
          <Link
            to={`/app/oracle?c=${threadId}`}
            className="inline-flex min-h-10 w-fit items-center gap-1.5 rounded-sm text-sm text-muted-foreground underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60"
          >
            {t('chat.dream.allConversations')}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        ) : null}
      </div>
    );
  }

  return (
    <section aria-labelledby={titleId} className="grid gap-5">
      <div className="grid gap-1.5">
        <h2 id={titleId} className="flex items-center gap-2 font-display text-2xl font-semibold tracking-tight">
          <MessagesSquare aria-hidden="true" className="size-5 text-primary" />
          {t('chat.dream.title')}
        </h2>
        <p className="text-sm text-pretty text-muted-foreground">{t('chat.dream.intro')}</p>
      </div>
      {isOpen ? (
        body
      ) : (
        <Button variant="outline" size="lg" className="w-full sm:h-10 sm:w-fit" onClick={() => setIsOpen(true)}>
          <MessagesSquare aria-hidden="true" />
          {t('chat.dream.open')}
        </Button>
      )}
    </section>
  );
}
