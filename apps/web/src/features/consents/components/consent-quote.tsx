import { CONSENT_TEXT } from '@sonhario/contracts/consents';
import { cn } from '@/lib/utils';

/**
 * CONSENT_TEXT quoted word for word, in pt-BR whatever the app's language (it is the text whose version the server
 * records), so screen readers read it in Portuguese. The sign-up form shows it as its checkbox's label instead.
 */
export function ConsentQuote({ className }: { className?: string }) {
  return (
    <blockquote
      lang="pt-BR"
      className={cn('border border-primary/25 bg-primary/[0.07] text-sm leading-relaxed', className)}
    >
      {CONSENT_TEXT}
    </blockquote>
  );
}
