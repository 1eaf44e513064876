// Sending in one conversation: the composer's draft, the message sent and its answer, 'Parar', and the consent to AI
// asked first when it does not stand (the question's props for the consents feature's dialog).
import type { ConsentStatus } from '@sonhario/contracts/consents';
import type { ChatThread, CreateChatThreadInput } from '@sonhario/contracts/chat';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type SendState, useSendChatMessage } from '../api/use-chat';

/** A failure where sending the same text again may work (the message stays shown, with 'Tentar novamente'). */
export function isRetryable(state: Extract<SendState, { status: 'error' }>): boolean {
  const { kind } = state.failure;
  return kind === 'network' || kind === 'provider' || kind === 'other';
}

export function useConversationSender({
  threadId,
  newThread,
  aiConsent,
  onThreadCreated,
  onSending,
}: {
  threadId: string | null;
  newThread: CreateChatThreadInput;
  aiConsent: ConsentStatus | undefined;
  onThreadCreated?: (thread: ChatThread) => void;
  /** A message leaves (the conversation scrolls to its end). */
  onSending: () => void;
}) {
  const { i18n } = useTranslation();
  const [draft, setDraft] = useState('');
  const sender = useSendChatMessage({
    language: i18n.language === 'en' ? 'en' : 'pt-BR',
    onThreadCreated,
    // The answer was stored after all: the text given back to the box is in the conversation now.
    onStoredAfterStop: (content) => setDraft((current) => (current === content ? '' : current)),
  });
  const [consentFor, setConsentFor] = useState<string | null>(null);
  const [isConsentDeclined, setIsConsentDeclined] = useState(false);
  const textarea = useRef<HTMLTextAreaElement>(null);

  async function submit(text: string) {
    setIsConsentDeclined(false);
    if (aiConsent !== undefined && aiConsent !== 'granted') {
      setConsentFor(text);
      return;
    }
    setDraft('');
    onSending();
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

  /** Right after 'Concordo': the consents list may not be refetched yet, so the check above is skipped. */
  async function sendAfterConsent(text: string) {
    setDraft('');
    onSending();
    await sender.send(threadId ? { threadId } : { create: newThread }, text);
  }

  const consentQuestion = {
    open: consentFor !== null,
    onOpenChange: (open: boolean) => {
      if (!open && consentFor !== null) {
        setDraft((current) => current || consentFor);
        setConsentFor(null);
      }
    },
    onAnswered: (isGranted: boolean) => {
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
  };

  return { state: sender.state, draft, setDraft, textarea, submit, stop, isConsentDeclined, consentQuestion };
}
