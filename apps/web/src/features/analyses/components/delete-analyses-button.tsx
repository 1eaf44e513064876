import { Trash2 } from 'lucide-react';
import { useState } from 'react';
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
import { Spinner } from '@/components/ui/spinner';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useDeleteAnalyses } from '../api/use-delete-analyses';

/** 'Excluir análises anteriores' → a confirmation → every past analysis erased (the dreams stay). */
export function DeleteAnalysesButton() {
  const { t } = useTranslation();
  const deleteAnalyses = useDeleteAnalyses();
  const [isOpen, setIsOpen] = useState(false);

  function confirm() {
    deleteAnalyses.mutate(undefined, {
      onSuccess: ({ deleted }) => {
        setIsOpen(false);
        toast.success(deleted === 1 ? t('analyses.erase.doneOne') : t('analyses.erase.done', { count: deleted }));
      },
      onError: (error) => toast.error(t('analyses.erase.error'), { description: apiErrorMessage(error) }),
    });
  }

  return (
    <AlertDialog open={isOpen} onOpenChange={(open) => !deleteAnalyses.isPending && setIsOpen(open)}>
      <AlertDialogTrigger asChild>
        <Button variant="outline" className="h-10 w-full sm:w-auto">
          <Trash2 aria-hidden="true" />
          {t('analyses.erase.button')}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('analyses.erase.title')}</AlertDialogTitle>
          <AlertDialogDescription>{t('analyses.erase.text')}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={deleteAnalyses.isPending}>{t('analyses.erase.cancel')}</AlertDialogCancel>
          {/* A plain button, not AlertDialog.Action: the dialog stays open (busy) until the server answers. */}
          <Button
            variant="destructive"
            size="lg"
            className="sm:h-10"
            disabled={deleteAnalyses.isPending}
            onClick={confirm}
          >
            {deleteAnalyses.isPending ? <Spinner /> : <Trash2 aria-hidden="true" />}
            {deleteAnalyses.isPending ? t('analyses.erase.busy') : t('analyses.erase.confirm')}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
