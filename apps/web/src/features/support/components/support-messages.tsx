import type { SupportMessage } from '@sonhario/contracts/support';
import { Inbox, MessageCircleReply, MessagesSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SectionCard } from '@/components/section-card';
import { Badge } from '@/components/ui/badge';
import { formatDateTime } from '@/lib/dates';
import { cn } from '@/lib/utils';

function MessageItem({ message, timeZone }: { message: SupportMessage; timeZone: string }) {
  const { t } = useTranslation();
  const isAnswered = message.status === 'answered';
  return (
    <li aria-label={message.subject} className="grid gap-3 rounded-lg border border-border/70 bg-background/30 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 font-medium break-words">{message.subject}</h3>
        <div className="flex flex-wrap gap-1.5">
          {message.isPriority ? <Badge variant="outline">{t('support.list.priority')}</Badge> : null}
          <Badge
            variant={isAnswered ? 'default' : 'secondary'}
            className={cn(!isAnswered && 'text-muted-foreground')}
            data-testid="support-status"
          >
            {isAnswered ? t('support.list.answered') : t('support.list.open')}
          </Badge>
        </div>
      </div>
      <p className="text-xs text-muted-foreground">
        {t('support.list.sentAt', { date: formatDateTime(message.createdAt, timeZone) })}
        {message.dreamId ? (
          <>
            {' · '}
            <Link to={`/app/dreams/${message.dreamId}`} className="underline underline-offset-2 hover:text-foreground">
              {t('support.list.aboutDream')}
            </Link>
          </>
        ) : null}
      </p>
      <p className="text-sm break-words whitespace-pre-wrap">{message.message}</p>
      {message.answer !== null ? (
        <div
          role="group"
          aria-label={t('support.list.answer')}
          className="grid gap-1.5 rounded-md border-l-2 border-primary/60 bg-primary/[0.07] px-3 py-2.5"
        >
          <p className="flex items-center gap-1.5 text-xs font-medium text-primary">
            <MessageCircleReply aria-hidden="true" className="size-3.5" />
            {message.answeredAt
              ? t('support.list.answeredAt', { date: formatDateTime(message.answeredAt, timeZone) })
              : t('support.list.answer')}
          </p>
          <p className="text-sm break-words whitespace-pre-wrap">{message.answer}</p>
        </div>
      ) : null}
    </li>
  );
}

/** 'Suas mensagens': newest first, each with its status and, once answered, the answer under it. */
export function SupportMessages({ messages, timeZone }: { messages: SupportMessage[]; timeZone: string }) {
  const { t } = useTranslation();
  return (
    <SectionCard
      id="suas-mensagens"
      icon={MessagesSquare}
      title={t('support.list.title')}
      description={t('support.list.description')}
    >
      {messages.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Inbox aria-hidden="true" className="size-4" />
          {t('support.list.empty')}
        </p>
      ) : (
        <ul aria-label={t('support.list.title')} className="grid gap-3">
          {messages.map((message) => (
            <MessageItem key={message.id} message={message} timeZone={timeZone} />
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
