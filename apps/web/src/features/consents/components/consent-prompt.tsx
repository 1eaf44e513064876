import { useState } from 'react';
import { lazyPart } from '@/components/lazy-part';
import { useConsents } from '../api/use-consents';

// Only users who never answered see it (Google sign-ups skip the form's checkbox): the dialog loads on demand.
const ConsentDialog = lazyPart(() => import('./consent-dialog').then((module) => ({ default: module.ConsentDialog })));

/**
 * Asks for consent once, for a user whose AI-analysis consent was never answered. Once per visit to the app: an
 * answer (yes or no) is recorded and ends the question; closing the dialog without one asks again next visit.
 */
export function ConsentPrompt() {
  const consents = useConsents();
  const [wasAsked, setWasAsked] = useState(false);
  const [isOpen, setIsOpen] = useState(false);
  const isUnanswered = consents.data?.items.some(
    (consent) => consent.purpose === 'ai_analysis' && consent.status === 'unanswered',
  );

  if (isUnanswered && !wasAsked) {
    setWasAsked(true);
    setIsOpen(true);
  }
  if (!wasAsked) return null;
  return <ConsentDialog open={isOpen} onOpenChange={setIsOpen} />;
}
