import { CHAT_LIMITS, renameChatThreadSchema, type ChatThread } from '@sonhario/contracts/chat';
import { Check, Moon, Pencil, Trash2, X } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { formatDateTime } from '@/lib/dates';
import { cn } from '@/lib/utils';
import { useDeleteAllChatThreads, useDeleteChatThread, useRenameChatThread } from '../api/use-chat';

const iconButton =
  'inline-flex size-9 shrink-0 items-center justify-center rounded-md text-muted-foreground outline-none hover:bg-accent/70 hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60';

/** A confirmation before something is erased for good; the dialog stays open (busy) until the server answers. */
function ConfirmErase({
  trigger,
  title,
  text,
  confirm,
  isPending,
  onConfirm,
  isOpen,
  onOpenChange,
}: {
  trigger: ReactNode;
  title: string;
  text: string;
  confirm: string;
  isPending: boolean;
  onConfirm: () => void;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <AlertDialog open={isOpen} onOpenChange={(open) => !isPending && onOpenChange(open)}>
      <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{text}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={isPending}>{t('chat.list.keep')}</AlertDialogCancel>
          <Button variant="destructive" size="lg" className="sm:h-10" disabled={isPending} onClick={onConfirm}>
            {isPending ? <Spinner /> : <Trash2 aria-hidden="true" />}
            {confirm}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** The title turned into a field: Enter (or ✓) saves, Esc (or ✕) leaves it as it was. */
function RenameForm({ thread, onDone }: { thread: ChatThread; onDone: () => void }) {
  const { t } = useTranslation();
  const errorMessage = useApiErrorMessage();
  const rename = useRenameChatThread();
  const [title, setTitle] = useState(thread.title);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  function save() {
    const parsed = renameChatThreadSchema.safeParse({ title });
    if (!parsed.success) {
      setError(title.trim() ? t('chat.list.titleTooLong', { max: CHAT_LIMITS.titleMax }) : t('chat.list.titleEmpty'));
      return;
    }
    if (parsed.data.title === thread.title) {
      onDone();
      return;
    }
    rename.mutate(
      { id: thread.id, title: parsed.data.title },
      {
        onSuccess: onDone,
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  }

  return (
    <form
      className="grid gap-1 px-2 py-1.5"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <div className="flex items-center gap-1">
        <Input
          // The field replaces the title the user just chose to rename: focus follows.
          autoFocus
          aria-label={t('chat.list.titleLabel')}
          aria-invalid={error !== null || undefined}
          aria-describedby={error ? errorId : undefined}
          value={title}
          maxLength={CHAT_LIMITS.titleMax + 20}
          onChange={(event) => {
            setTitle(event.target.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              onDone();
            }
          }}
          className="h-9"
        />
        <button type="submit" className={iconButton} aria-label={t('chat.list.save')} disabled={rename.isPending}>
          {rename.isPending ? <Spinner /> : <Check aria-hidden="true" className="size-4" />}
        </button>
        <button type="button" className={iconButton} aria-label={t('chat.list.cancelRename')} onClick={onDone}>
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-xs text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </form>
  );
}

function ThreadItem({
  thread,
  isCurrent,
  timeZone,
  onOpen,
  onDeleted,
}: {
  thread: ChatThread;
  isCurrent: boolean;
  timeZone: string;
  onOpen: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const errorMessage = useApiErrorMessage();
  const remove = useDeleteChatThread();
  const [isRenaming, setIsRenaming] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);

  if (isRenaming) {
    return (
      <li className="rounded-lg bg-accent/40">
        <RenameForm thread={thread} onDone={() => setIsRenaming(false)} />
      </li>
    );
  }
  return (
    <li
      className={cn(
        'group flex items-center gap-1 rounded-lg pr-1 transition-colors',
        isCurrent ? 'bg-accent/70' : 'hover:bg-accent/40',
      )}
    >
      <button
        type="button"
        onClick={onOpen}
        aria-current={isCurrent ? 'true' : undefined}
        className="grid min-w-0 flex-1 gap-0.5 rounded-lg px-3 py-2.5 text-left outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
      >
        <span className="flex min-w-0 items-center gap-1.5 text-sm font-medium">
          {thread.kind === 'dream' ? (
            <Moon aria-label={t('chat.list.aboutDream')} className="size-3.5 shrink-0 text-primary" />
          ) : null}
          <span className="truncate">{thread.title}</span>
        </span>
        <span className="text-xs text-muted-foreground">{formatDateTime(thread.updatedAt, timeZone)}</span>
      </button>
      <div
        className={cn(
          'flex shrink-0 items-center transition-opacity sm:opacity-0 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100',
          isCurrent && 'sm:opacity-100',
        )}
      >
        <button
          type="button"
          className={iconButton}
          aria-label={t('chat.list.rename', { title: thread.title })}
          onClick={() => setIsRenaming(true)}
        >
          <Pencil aria-hidden="true" className="size-4" />
        </button>
        <ConfirmErase
          isOpen={isConfirming}
          onOpenChange={setIsConfirming}
          trigger={
            <button type="button" className={iconButton} aria-label={t('chat.list.delete', { title: thread.title })}>
              <Trash2 aria-hidden="true" className="size-4" />
            </button>
          }
          title={t('chat.list.deleteTitle')}
          text={t('chat.list.deleteText', { title: thread.title })}
          confirm={t('chat.list.deleteConfirm')}
          isPending={remove.isPending}
          onConfirm={() =>
            remove.mutate(thread.id, {
              onSuccess: () => {
                setIsConfirming(false);
                toast.success(t('chat.list.deleted'));
                onDeleted();
              },
              onError: (error) => toast.error(t('chat.list.deleteFailed'), { description: errorMessage(error) }),
            })
          }
        />
      </div>
    </li>
  );
}

/** The past conversations, newest first: open one, rename it in place, erase one or all (each after a question). */
export function ChatThreadList({
  threads,
  currentId,
  timeZone,
  onOpen,
  onDeleted,
  onAllDeleted,
}: {
  threads: ChatThread[];
  currentId: string | null;
  timeZone: string;
  onOpen: (id: string) => void;
  onDeleted: (id: string) => void;
  onAllDeleted: () => void;
}) {
  const { t } = useTranslation();
  const errorMessage = useApiErrorMessage();
  const removeAll = useDeleteAllChatThreads();
  const [isConfirming, setIsConfirming] = useState(false);
  const headingId = useId();

  return (
    <nav aria-labelledby={headingId} className="flex min-h-0 flex-1 flex-col gap-2">
      <h2 id={headingId} className="px-3 text-xs font-medium tracking-wide text-muted-foreground uppercase">
        {t('chat.list.title')}
      </h2>
      {threads.length === 0 ? (
        <p className="px-3 py-2 text-sm text-pretty text-muted-foreground">{t('chat.list.empty')}</p>
      ) : (
        <>
          <ul className="-mx-1 grid min-h-0 flex-1 content-start gap-0.5 overflow-y-auto px-1">
            {threads.map((thread) => (
              <ThreadItem
                key={thread.id}
                thread={thread}
                isCurrent={thread.id === currentId}
                timeZone={timeZone}
                onOpen={() => onOpen(thread.id)}
                onDeleted={() => onDeleted(thread.id)}
              />
            ))}
          </ul>
          <ConfirmErase
            isOpen={isConfirming}
            onOpenChange={setIsConfirming}
            trigger={
              <Button variant="ghost" className="h-10 justify-start text-muted-foreground hover:text-foreground">
                <Trash2 aria-hidden="true" />
                {t('chat.list.deleteAll')}
              </Button>
            }
            title={t('chat.list.deleteAllTitle')}
            text={t('chat.list.deleteAllText', { count: threads.length })}
            confirm={t('chat.list.deleteAllConfirm')}
            isPending={removeAll.isPending}
            onConfirm={() =>
              removeAll.mutate(undefined, {
                onSuccess: ({ deleted }) => {
                  setIsConfirming(false);
                  toast.success(t('chat.list.allDeleted', { count: deleted }));
                  onAllDeleted();
                },
                onError: (error) => toast.error(t('chat.list.deleteFailed'), { description: errorMessage(error) }),
              })
            }
          />
        </>
      )}
    </nav>
  );
}
