// What a conversation's scrolling part shows: its loading, its failure to load, the empty conversation with questions
// to tap, or the messages with the one sent and the answer arriving.
import type { ChatMessage } from '@sonhario/contracts/chat';
import { Moon, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { RetryAlert } from '@/components/retry-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { type SendState, useChatThread } from '../api/use-chat';
import { AssistantFrame, AssistantText, ChatMessageView, UserBubble, useAuthorLabel } from './chat-message';

/** The message that went and got no answer (yet). */
type PendingMessage = Extract<SendState, { status: 'streaming' | 'error' }>;

/** Which messages show the CVV card: an answer whose exchange showed distress, or a user's message left unanswered. */
function supportAfter(messages: ChatMessage[]): Set<string> {
  const shown = new Set<string>();
  messages.forEach((message, index) => {
    if (!message.distress) return;
    const next = messages[index + 1];
    if (message.role === 'assistant') shown.add(message.id);
    else if (next?.role !== 'assistant' || !next.distress) shown.add(message.id);
  });
  return shown;
}

export function ConversationBody({
  detail,
  isNew,
  messages,
  pending,
  state,
  ...emptyProps
}: {
  detail: ReturnType<typeof useChatThread>;
  isNew: boolean;
  messages: ChatMessage[];
  pending: PendingMessage | null;
  state: SendState;
} & EmptyConversationProps) {
  const { t } = useTranslation();
  const isEmpty = messages.length === 0 && !pending && detail.data !== undefined;

  if (!isNew && detail.isPending) {
    return (
      <div role="status" aria-label={t('common.loading')} className="grid gap-4 p-1">
        <Skeleton className="ml-auto h-10 w-2/3 rounded-2xl" />
        <Skeleton className="h-24 w-5/6 rounded-2xl" />
      </div>
    );
  } else if (!isNew && detail.isError) {
    return (
      <div className="mx-auto w-full max-w-md py-10">
        <RetryAlert message={t('chat.loadThreadFailed')} error={detail.error} onRetry={() => void detail.refetch()} />
      </div>
    );
  } else if ((isNew || isEmpty) && !pending) {
    return <EmptyConversation {...emptyProps} />;
  }
  return <MessageLog messages={messages} pending={pending} state={state} />;
}

interface EmptyConversationProps {
  emptyTitle: string;
  emptyText: string;
  examples: string[];
  isLimited: boolean;
  isStreaming: boolean;
  onExample: (example: string) => void;
}

function EmptyConversation({
  emptyTitle,
  emptyText,
  examples,
  isLimited,
  isStreaming,
  onExample,
}: EmptyConversationProps) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-full flex-col items-center justify-center gap-4 px-2 py-8 text-center">
      <span
        aria-hidden="true"
        className="flex size-14 items-center justify-center rounded-full bg-gradient-to-br from-primary/30 to-primary/5 text-primary ring-1 ring-primary/30 ring-inset"
      >
        <Moon className="size-6" />
      </span>
      <div className="grid max-w-md gap-1.5">
        <h3 className="font-display text-lg font-semibold">{emptyTitle}</h3>
        <p className="text-sm text-pretty text-muted-foreground">{emptyText}</p>
      </div>
      {!isLimited ? (
        <ul aria-label={t('chat.examplesLabel')} className="flex max-w-lg flex-wrap justify-center gap-2">
          {examples.map((example) => (
            <li key={example}>
              <button
                type="button"
                disabled={isStreaming}
                onClick={() => onExample(example)}
                className="inline-flex min-h-10 items-center gap-1.5 rounded-full border border-primary/25 bg-primary/[0.06] px-3.5 py-1.5 text-left text-sm text-foreground/90 transition-colors outline-none hover:border-primary/50 hover:bg-primary/10 focus-visible:ring-[3px] focus-visible:ring-ring/60 disabled:opacity-50"
              >
                <Sparkles aria-hidden="true" className="size-3.5 shrink-0 text-primary" />
                {example}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function MessageLog({
  messages,
  pending,
  state,
}: {
  messages: ChatMessage[];
  pending: PendingMessage | null;
  state: SendState;
}) {
  const { t } = useTranslation();
  const authorLabel = useAuthorLabel();
  const showSupport = supportAfter(messages);
  return (
    <ol role="log" aria-label={t('chat.messagesLabel')} className="grid gap-6">
      {messages.map((message) => (
        <ChatMessageView key={message.id} message={message} showSupport={showSupport.has(message.id)} />
      ))}
      {pending ? (
        <li className="grid gap-3">
          <UserBubble text={pending.content} isFailed={pending.status === 'error'} />
        </li>
      ) : null}
      {state.status === 'streaming' ? (
        <li>
          <AssistantFrame author={state.author ? authorLabel(state.author) : null} isBusy>
            {state.text ? (
              <AssistantText text={state.text} refs={null} />
            ) : (
              <p className="flex items-center gap-1.5 py-2">
                <span className="sr-only">{t('chat.thinking')}</span>
                {[0, 1, 2].map((dot) => (
                  <span
                    key={dot}
                    aria-hidden="true"
                    className="size-1.5 animate-pulse rounded-full bg-primary/70 motion-reduce:animate-none"
                    style={{ animationDelay: `${String(dot * 200)}ms` }}
                  />
                ))}
              </p>
            )}
          </AssistantFrame>
        </li>
      ) : null}
    </ol>
  );
}
