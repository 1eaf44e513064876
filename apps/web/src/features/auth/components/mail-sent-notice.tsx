import { MailCheck } from 'lucide-react';

/** Where an e-mail with a link went (a sign-up's confirmation, a password recovery): a title and one line. */
export function MailSentNotice({ title, text }: { title: string; text: string }) {
  return (
    <div
      role="status"
      className="grid justify-items-center gap-3 rounded-lg border border-primary/25 bg-primary/10 p-5 text-center"
    >
      <MailCheck aria-hidden="true" className="size-8 text-primary" />
      <h2 className="font-display text-lg font-semibold">{title}</h2>
      <p className="text-sm text-pretty text-muted-foreground">{text}</p>
    </div>
  );
}
