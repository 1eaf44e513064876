import type { ConsentStatus } from '@sonhario/contracts/consents';
import type { ChatMessage, ChatThread, CreateChatThreadInput } from '@sonhario/contracts/chat';
import { Moon, Sparkles } from 'lucide-react';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RetryAlert } from '@/components/retry-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { type SendState, useChatThread, useChatUsage, useSendChatMessage } from '../api/use-chat';
import { ChatComposer } from './chat-composer';
import { AssistantFrame, AssistantText, ChatMessageView, UserBubble, useAuthorLabel } from './chat-message';
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

/** Oracle shows its usage only near the day's fair use. */
const FAIR_USE_NEAR = 10;

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
  const { t, i18n } = useTranslation();
  const detail = useChatThread(threadId);
  const usage = useChatUsage();
  const authorLabel = useAuthorLabel();
  const [draft, setDraft] = useState('');
  const sender = useSendChatMessage({
    language: i18n.language === 'en' ? 'en' : 'pt-BR',
    onThreadCreated,
    // The answer was stored after all: the text given back to the box is in the conversation now.
    onStoredAfterStop: (content) => setDraft((current) => (current === content ? '' : current)),
  });
  const { state } = sender;
  const [consentFor, setConsentFor] = useState<string | null>(null);
  const [isConsentDeclined, setIsConsentDeclined] = useState(false);
  const textarea = useRef<HTMLTextAreaElement>(null);

  const messages = detail.data?.messages ?? [];
  const isStreaming = state.status === 'streaming';
  const failure = state.status === 'error' ? state.failure : null;
  const isTasteUsed =
    (usage.data?.mode === 'taste' && usage.data.remaining <= 0) ||
    (failure?.kind === 'limit' && usage.data?.mode !== 'unlimited');
  const isFairUseReached =
    !isTasteUsed && ((usage.data?.mode === 'unlimited' && usage.data.remaining <= 0) || failure?.kind === 'limit');
  const isLimited = isTasteUsed || isFairUseReached;
  // The message that went and got no answer: shown as sent while its answer streams, and dimmed after a failure.
  const pending = state.status === 'streaming' || (state.status === 'error' && isRetryable(state)) ? state : null;
  const { scroller, onScroll, toEnd } = useScrollToEnd(
    `${String(messages.length)}:${state.status}:${state.status === 'streaming' ? state.text.length : 0}`,
  );

  async function submit(text: string) {
    setIsConsentDeclined(false);
    if (aiConsent !== undefined && aiConsent !== 'granted') {
      setConsentFor(text);
      return;
    }
    setDraft('');
    toEnd();
    const target = threadId ? { threadId } : { create: newThread };
    const outcome = await sender.send(target, text);
    if (outcome?.status !== 'error') return;
    if (outcome.failure.kind === 'consent') setConsentFor(text);
    // A refusal before anything was sent (the limit, a full or gone conversation) gives the text back to the box.
    else if (!isRetryable(outcome)) setDraft((current) => current || text);
  }

  function stop() {
    const text = sender.cancel();
    if (text !== null) {
      setDraft(text);
      requestAnimationFrame(() => textarea.current?.focus());
    }
  }

  const showSupport = supportAfter(messages);
  const isEmpty = messages.length === 0 && !pending && detail.data !== undefined;
  const isNew = threadId === null;

  let body: ReactNode;
  if (!isNew && detail.isPending) {
    body = (
      <div role="status" aria-label={t('common.loading')} className="grid gap-4 p-1">
        <Skeleton className="ml-auto h-10 w-2/3 rounded-2xl" />
        <Skeleton className="h-24 w-5/6 rounded-2xl" />
      </div>
    );
  } else if (!isNew && detail.isError) {
    body = (
      <div className="mx-auto w-full max-w-md py-10">
        <RetryAlert message={t('chat.loadThreadFailed')} error={detail.error} onRetry={() => void detail.refetch()} />
      </div>
    );
  } else if ((isNew || isEmpty) && !pending) {
    body = (
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
                  onClick={() => void submit(example)}
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
  } else {
    body = (
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
                <p className="flex items-center gap-1.5 py-2" aria-label={t('chat.thinking')}>
                  {[0, 1, 2].map((dot) => (
                    <span
                      key={dot}
                      className="size-1.5 animate-pulse rounded-full bg-primary/70"
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

  const usageLine = usageText();
  function usageText(): string | null {
    const data = usage.data;
    if (!data || isLimited) return null;
    if (data.mode === 'taste') return t('chat.usage.taste', { used: data.used, limit: data.limit });
    if (data.remaining <= FAIR_USE_NEAR) return t('chat.usage.fairUse', { count: data.remaining });
    return null;
  }

  return (
    <div className={cn('flex min-h-0 flex-col', className)}>
      <div
        ref={scroller}
        onScroll={onScroll}
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-4 py-5 sm:px-6"
      >
        {body}
      </div>
      <div className="grid gap-3 border-t border-border/60 bg-background/30 px-3 pt-3 pb-3 sm:px-5">
        {failure && !isLimited ? (
          <FailureNotice
            failure={failure}
            onRetry={() => {
              if (state.status === 'error') void submit(state.content);
            }}
            onNewConversation={onNewConversation}
          />
        ) : null}
        {state.status === 'cancelled' ? (
          <p role="status" className="px-1 text-sm text-muted-foreground">
            {t('chat.cancelled')}
          </p>
        ) : null}
        {isConsentDeclined ? (
          <p role="status" className="px-1 text-sm text-pretty text-muted-foreground">
            {t('chat.consentDeclined')}
          </p>
        ) : null}
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
      {renderConsentQuestion({
        open: consentFor !== null,
        onOpenChange: (open) => {
          if (!open && consentFor !== null) {
            setDraft((current) => current || consentFor);
            setConsentFor(null);
          }
        },
        onAnswered: (isGranted) => {
          const text = consentFor;
          setConsentFor(null);
          if (text === null) return;
          if (isGranted) void sendAfterConsent(text);
          else {
            sender.reset();
            setDraft(text);
            setIsConsentDeclined(true);
          }
        },
      })}
    </div>
  );

  /** Right after 'Concordo': the consents list may not be refetched yet, so the check above is skipped. */
  async function sendAfterConsent(text: string) {
    setDraft('');
    toEnd();
    await sender.send(threadId ? { threadId } : { create: newThread }, text);
  }
}

/** A failure where sending the same text again may work (the message stays shown, with 'Tentar novamente'). */
function isRetryable(state: Extract<SendState, { status: 'error' }>): boolean {
  const { kind } = state.failure;
  return kind === 'network' || kind === 'provider' || kind === 'other';
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
