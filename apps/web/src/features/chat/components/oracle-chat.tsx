import type { ChatThread } from '@sonhario/contracts/chat';
import type { ConsentStatus } from '@sonhario/contracts/consents';
import { History, Moon, Plus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { RetryAlert } from '@/components/retry-alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { PRODUCT_NAME } from '@/lib/brand';
import { formatDate } from '@/lib/dates';
import { cn } from '@/lib/utils';
import { useChatThreads } from '../api/use-chat';
import { ChatConversation, type ChatConsentQuestionProps } from './chat-conversation';
import { ChatThreadList } from './chat-thread-list';

/** The search parameter naming the open conversation (`/app/oracle?c=<id>`): reloads and links keep it. */
const THREAD_PARAM = 'c';

/**
 * 'Oráculo' (/app/oracle): the past conversations beside the open one (on a phone, the list folds away above it), a
 * new conversation about the whole journal by default. The answers name the user's dreams as links.
 */
export function OracleChat({
  timeZone,
  aiConsent,
  renderConsentQuestion,
}: {
  timeZone: string;
  aiConsent: ConsentStatus | undefined;
  renderConsentQuestion: (props: ChatConsentQuestionProps) => ReactNode;
}) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const threadId = params.get(THREAD_PARAM);
  const threads = useChatThreads();
  const [isListOpen, setIsListOpen] = useState(false);
  const [resetKey, setResetKey] = useState(0);
  const items = threads.data?.items ?? [];
  const current = items.find((thread) => thread.id === threadId) ?? null;

  function open(id: string | null, options: { replace?: boolean } = {}) {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (id) next.set(THREAD_PARAM, id);
        else next.delete(THREAD_PARAM);
        return next;
      },
      { replace: options.replace ?? false },
    );
    setIsListOpen(false);
  }

  function startNew() {
    open(null);
    setResetKey((key) => key + 1);
  }

  const examples = [t('chat.journal.example1'), t('chat.journal.example2'), t('chat.journal.example3')];

  return (
    <div className="mx-auto flex h-[calc(100dvh-4rem)] min-h-[30rem] w-full max-w-6xl flex-col gap-4 px-3 pt-4 pb-3 sm:px-6 sm:pt-8 sm:pb-6">
      <title>{`${t('chat.pageTitle')} · ${PRODUCT_NAME}`}</title>
      <div className="flex flex-wrap items-end justify-between gap-3 px-1">
        <div className="grid gap-1">
          <h1 className="font-display text-2xl font-semibold tracking-tight sm:text-3xl">{t('chat.title')}</h1>
          <p className="text-sm text-pretty text-muted-foreground max-sm:hidden">{t('chat.subtitle')}</p>
        </div>
        <div className="flex items-center gap-2 lg:hidden">
          <Button
            variant="outline"
            className="h-10"
            aria-expanded={isListOpen}
            aria-controls="chat-threads"
            onClick={() => setIsListOpen((isOpen) => !isOpen)}
          >
            <History aria-hidden="true" />
            {t('chat.list.toggle', { count: items.length })}
          </Button>
          <Button
            variant="outline"
            size="icon"
            className="size-10"
            aria-label={t('chat.newConversation')}
            onClick={startNew}
          >
            <Plus aria-hidden="true" />
          </Button>
        </div>
      </div>

      <div className="grid min-h-0 flex-1 gap-4 lg:grid-cols-[17rem_minmax(0,1fr)]">
        <ThreadsPanel
          isOpen={isListOpen}
          threads={threads}
          currentId={threadId}
          timeZone={timeZone}
          onNew={startNew}
          onOpen={open}
        />

        <section
          aria-label={current?.title ?? t('chat.newConversation')}
          className={cn(
            'flex min-h-0 flex-col overflow-hidden rounded-2xl border border-border/60 bg-card/50 shadow-sm backdrop-blur-sm',
            isListOpen && 'max-lg:hidden',
          )}
        >
          <ConversationHeading thread={current} />
          <ChatConversation
            className="flex-1"
            threadId={threadId}
            newThread={{ kind: 'journal' }}
            onThreadCreated={(thread) => open(thread.id, { replace: true })}
            onNewConversation={startNew}
            resetKey={resetKey}
            emptyTitle={t('chat.journal.emptyTitle')}
            emptyText={t('chat.journal.emptyText')}
            examples={examples}
            placeholder={t('chat.journal.placeholder')}
            timeZone={timeZone}
            aiConsent={aiConsent}
            renderConsentQuestion={renderConsentQuestion}
          />
        </section>
      </div>
    </div>
  );
}

/** The past conversations: 'Nova conversa' (on a wide screen), then the list, folded away on a phone until opened. */
function ThreadsPanel({
  isOpen,
  threads,
  currentId,
  timeZone,
  onNew,
  onOpen,
}: {
  isOpen: boolean;
  threads: ReturnType<typeof useChatThreads>;
  currentId: string | null;
  timeZone: string;
  onNew: () => void;
  onOpen: (id: string | null, options?: { replace?: boolean }) => void;
}) {
  const { t } = useTranslation();
  return (
    <aside
      id="chat-threads"
      className={cn(
        'min-h-0 flex-col gap-3 rounded-2xl border border-border/60 bg-card/40 p-2 backdrop-blur-sm lg:flex',
        isOpen ? 'flex' : 'hidden',
      )}
    >
      <Button className="h-10 justify-start max-lg:hidden" onClick={onNew}>
        <Plus aria-hidden="true" />
        {t('chat.newConversation')}
      </Button>
      {threads.isPending ? (
        <div role="status" aria-label={t('common.loading')} className="grid gap-2 p-2">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : threads.isError ? (
        <div className="p-2">
          <RetryAlert
            message={t('chat.list.loadFailed')}
            error={threads.error}
            onRetry={() => void threads.refetch()}
          />
        </div>
      ) : (
        <ChatThreadList
          threads={threads.data.items}
          currentId={currentId}
          timeZone={timeZone}
          onOpen={(id) => onOpen(id)}
          onDeleted={(id) => {
            if (id === currentId) onOpen(null, { replace: true });
          }}
          onAllDeleted={() => onOpen(null, { replace: true })}
        />
      )}
    </aside>
  );
}

/** Above the open conversation: its title, and the dream it is about as a link. */
function ConversationHeading({ thread }: { thread: ChatThread | null }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-12 items-center gap-2 border-b border-border/60 px-4 py-2 sm:px-6">
      <h2 className="min-w-0 flex-1 truncate text-sm font-medium">{thread?.title ?? t('chat.newConversation')}</h2>
      {thread?.dream ? (
        <Link
          to={`/app/dreams/${thread.dream.id}`}
          className="inline-flex min-h-9 max-w-[50%] items-center gap-1.5 rounded-sm text-xs text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60"
        >
          <Moon aria-hidden="true" className="size-3.5 shrink-0" />
          <span className="truncate">{thread.dream.title ?? formatDate(thread.dream.dreamtOn, 'medium')}</span>
        </Link>
      ) : null}
    </div>
  );
}
