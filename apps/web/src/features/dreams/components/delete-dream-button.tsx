import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
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
import { Spinner } from '@/components/ui/spinner';
import { apiErrorMessage } from '@/lib/api-error-message';
import { restoreDream, useDeleteDream } from '../api/use-delete-dream';

/** How long 'Desfazer' stays on screen (the server keeps the dream restorable for ten minutes). */
const UNDO_TOAST_MS = 8_000;

/**
 * 'Excluir' → a confirmation → back to the journal with 'Sonho excluído' and its 'Desfazer', which restores the
 * dream everywhere (lists, dashboard, its page).
 */
export function DeleteDreamButton({ dreamId, title }: { dreamId: string; title: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const deleteDream = useDeleteDream();
  const [isOpen, setIsOpen] = useState(false);

  function undo() {
    restoreDream(queryClient, dreamId).then(
      () => toast.success(t('dreams.toast.restored')),
      (error: unknown) => toast.error(t('dreams.toast.restoreError'), { description: apiErrorMessage(error) }),
    );
  }

  function confirm() {
    deleteDream.mutate(dreamId, {
      onSuccess: () => {
        setIsOpen(false);
        void navigate('/app/dreams', { replace: true });
        toast.success(t('dreams.toast.deleted'), {
          description: t('dreams.toast.deletedText'),
          duration: UNDO_TOAST_MS,
          action: { label: t('dreams.toast.undo'), onClick: undo },
        });
      },
      onError: (error) => {
        toast.error(t('dreams.toast.deleteError'), {
          description: apiErrorMessage(error),
        });
      },
    });
  }

  return (
    <AlertDialog open={isOpen} onOpenChange={(open) => !deleteDream.isPending && setIsOpen(open)}>
      <AlertDialogTrigger asChild>
        <Button
          variant="outline"
          className="h-10 text-red-700 dark:text-red-200 hover:border-destructive/60 hover:bg-destructive/15 hover:text-red-800 dark:hover:text-red-100"
        >
          <Trash2 aria-hidden="true" />
          {t('dreams.detail.delete')}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('dreams.detail.deleteTitle')}</AlertDialogTitle>
          <AlertDialogDescription>
            <span className="mb-1 block font-medium text-foreground">“{title}”</span>
            {t('dreams.detail.deleteText')}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={deleteDream.isPending}>{t('dreams.detail.cancel')}</AlertDialogCancel>
          {/* A plain button, not AlertDialog.Action: the dialog stays open (busy) until the server answers. */}
          <Button
            variant="destructive"
            size="lg"
            className="sm:h-10"
            disabled={deleteDream.isPending}
            onClick={confirm}
          >
            {deleteDream.isPending ? <Spinner /> : <Trash2 aria-hidden="true" />}
            {deleteDream.isPending ? t('dreams.detail.deleting') : t('dreams.detail.deleteConfirm')}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
