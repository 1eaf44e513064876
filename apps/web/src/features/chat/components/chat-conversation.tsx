import type { ConsentStatus } from '@sonhario/contracts/consents';
import type { ChatThread, CreateChatThreadInput } from '@sonhario/contracts/chat';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { type ChatFailure, useChatThread } from '../api/use-chat';
import { isRetryable, useConversationSender } from '../hooks/use-conversation-sender';
import { useChatLimits } from '../hooks/use-chat-limits';
import { ChatComposer } from './chat-composer';
import { ConversationBody } from './chat-conversation-body';
import { FailureNotice, FairUseCard, TasteUsedCard } from './chat-notices';

/** What the consent question needs from the conversation (the consents feature's dialog, composed by the route). */
export interface ChatConsentQuestionProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAnswered: (isGranted: boolean) => void;
}

export interface ChatConversationProps {
  /** The conversation shown; null for a new one, created by its first message as `newThread`. */
  threadId: string | null;
  newThread: CreateChatThreadInput;
  onThreadCreated?: (thread: ChatThread) => void;
  /** 'Nova conversa' when this one is full. */
  onNewConversation?: () => void;
  /** Shown above an empty conversation: what to ask, and questions to tap. */
  emptyTitle: string;
  emptyText: string;
  examples: string[];
  placeholder: string;
  timeZone: string;
  aiConsent: ConsentStatus | undefined;
  renderConsentQuestion: (props: ChatConsentQuestionProps) => ReactNode;
  /** Bumped to start a new conversation again while one is already new. */
  resetKey?: number;
  className?: string;
}

function useScrollToEnd(trigger: unknown) {
  const scroller = useRef<HTMLDivElement>(null);
  const isAtEnd = useRef(true);
  useLayoutEffect(() => {
    const box = scroller.current;
    if (box && isAtEnd.current) box.scrollTop = box.scrollHeight;
  }, [trigger]);
  const onScroll = () => {
    const box = scroller.current;
    if (box) isAtEnd.current = box.scrollHeight - box.scrollTop - box.clientHeight < 80;
  };
  return { scroller, onScroll, toEnd: () => (isAtEnd.current = true) };
}

function Conversation({
  threadId,
  newThread,
  onThreadCreated,
  onNewConversation,
  emptyTitle,
  emptyText,
  examples,
  placeholder,
  timeZone,
  aiConsent,
  renderConsentQuestion,
  className,
}: ChatConversationProps) {
  const detail = useChatThread(threadId);
  const { state, draft, setDraft, textarea, submit, stop, isConsentDeclined, consentQuestion } = useConversationSender(
    // toEnd is called when a message leaves, after this render has declared it.
    { threadId, newThread, aiConsent, onThreadCreated, onSending: () => toEnd() },
  );

  const messages = detail.data?.messages ?? [];
  const isStreaming = state.status === 'streaming';
  const failure = state.status === 'error' ? state.failure : null;
  const { usage, isTasteUsed, isFairUseReached, isLimited, usageLine } = useChatLimits(failure);
  // The message that went and got no answer: shown as sent while its answer streams, and dimmed after a failure.
  const pending = state.status === 'streaming' || (state.status === 'error' && isRetryable(state)) ? state : null;
  const { scroller, onScroll, toEnd } = useScrollToEnd(
    `${String(messages.length)}:${state.status}:${state.status === 'streaming' ? state.text.length : 0}`,
  );

  const isNew = threadId === null;

  return (
    <div className={cn('flex min-h-0 flex-col', className)}>
      <div
        ref={scroller}
        onScroll={onScroll}
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-4 py-5 sm:px-6"
      >
        <ConversationBody
          detail={detail}
          isNew={isNew}
          messages={messages}
          pending={pending}
          state={state}
          emptyTitle={emptyTitle}
          emptyText={emptyText}
          examples={examples}
          isLimited={isLimited}
          isStreaming={isStreaming}
          onExample={(example) => void submit(example)}
        />
      </div>
      <div className="grid gap-3 border-t border-border/60 bg-background/30 px-3 pt-3 pb-3 sm:px-5">
        <ConversationNotices
          failure={failure && !isLimited ? failure : null}
          onRetry={() => {
            if (state.status === 'error') void submit(state.content);
          }}
          onNewConversation={onNewConversation}
          isCancelled={state.status === 'cancelled'}
          isConsentDeclined={isConsentDeclined}
        />
        {isTasteUsed ? <TasteUsedCard usage={usage.data} timeZone={timeZone} /> : null}
        {isFairUseReached ? <FairUseCard usage={usage.data} timeZone={timeZone} /> : null}
        {isTasteUsed ? null : (
          <ChatComposer
            value={draft}
            onChange={setDraft}
            onSend={(text) => void submit(text)}
            onStop={stop}
            isStreaming={isStreaming}
            isDisabled={isFairUseReached || failure?.kind === 'full' || failure?.kind === 'gone'}
            placeholder={placeholder}
            textareaRef={textarea}
          />
        )}
        {usageLine ? <p className="-mt-1 px-1 text-xs text-muted-foreground">{usageLine}</p> : null}
      </div>
      {renderConsentQuestion(consentQuestion)}
    </div>
  );
}

/** Above the composer: why the last message got no answer, or that it was stopped, or that consent was declined. */
function ConversationNotices({
  failure,
  onRetry,
  onNewConversation,
  isCancelled,
  isConsentDeclined,
}: {
  failure: ChatFailure | null;
  onRetry: () => void;
  onNewConversation: (() => void) | undefined;
  isCancelled: boolean;
  isConsentDeclined: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      {failure ? <FailureNotice failure={failure} onRetry={onRetry} onNewConversation={onNewConversation} /> : null}
      {isCancelled ? (
        <p role="status" className="px-1 text-sm text-muted-foreground">
          {t('chat.cancelled')}
        </p>
      ) : null}
      {isConsentDeclined ? (
        <p role="status" className="px-1 text-sm text-pretty text-muted-foreground">
          {t('chat.consentDeclined')}
        </p>
      ) : null}
    </>
  );
}

/**
 * A conversation: its messages (answers with the dreams they name as links, the CVV card where distress showed), the
 * answer arriving as it is written ('Parar' stops it and gives the text back; nothing is counted), 'Tentar novamente'
 * after a failure, the usage, the taste's end, and the composer at the bottom. A new conversation is created by its
 * first message and keeps its place (the same component goes on, so the answer under way is not lost).
 */
export function ChatConversation(props: ChatConversationProps) {
  const [adopted, setAdopted] = useState<{ threadId: string; key: string } | null>(null);
  const newKey = `new-${String(props.resetKey ?? 0)}`;
  const key = props.threadId === null ? newKey : adopted?.threadId === props.threadId ? adopted.key : props.threadId;
  return (
    <Conversation
      key={key}
      {...props}
      onThreadCreated={(thread) => {
        setAdopted({ threadId: thread.id, key });
        props.onThreadCreated?.(thread);
      }}
    />
  );
}
