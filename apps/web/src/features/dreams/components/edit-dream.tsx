import type { Dream } from '@sonhario/contracts/dreams';
import { RefreshCw, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { useUpdateDream } from '../api/use-update-dream';
import { dreamToFormValues, toUpdateInput, type DreamFormField, type ValidDreamValues } from '../dream-form-values';
import { showSaveError } from '../save-error';
import { DreamForm } from './dream-form';

interface EditDreamProps {
  dream: Dream;
  timeZone: string;
  /** Fetches the dream again (after a version conflict); resolves to the latest version. */
  onReload: () => Promise<Dream | undefined>;
  isReloading: boolean;
}

/**
 * Editing: the same form, prefilled. Only the changed fields are sent, with the version the edit started from;
 * if the dream changed elsewhere meanwhile, the server refuses (409) and nothing is overwritten.
 */
export function EditDream({ dream: latest, timeZone, onReload, isReloading }: EditDreamProps) {
  const { t } = useTranslation();
  // The version the edit started from. A background refetch must not swap the form under the user's fingers;
  // only 'Recarregar' moves the edit to a newer version.
  const [dream, setDream] = useState(latest);
  const navigate = useNavigate();
  // The dream page's 'Adicionar detalhes' comes here to fill them in: the details open.
  const isDetailsAsked = (useLocation().state as { isDetailsOpen?: unknown } | null)?.isDetailsOpen === true;
  const updateDream = useUpdateDream();
  const [isConflict, setIsConflict] = useState(false);
  const dreamPath = `/app/dreams/${dream.id}`;

  function onSubmit(values: ValidDreamValues, changed: DreamFormField[]) {
    if (changed.length === 0) {
      void navigate(dreamPath, { replace: true });
      return;
    }
    updateDream.mutate(
      { id: dream.id, patch: toUpdateInput(values, changed, dream.version) },
      {
        onSuccess: () => {
          toast.success(t('dreams.toast.updated'));
          void navigate(dreamPath, { replace: true });
        },
        onError: (error) => {
          if (isApiError(error) && error.code === 'version_conflict') setIsConflict(true);
          else showSaveError(error);
        },
      },
    );
  }

  const validationDetails =
    isApiError(updateDream.error) && updateDream.error.code === 'validation_failed'
      ? updateDream.error.details
      : undefined;

  return (
    <div className="grid gap-6">
      {isConflict ? (
        <div
          role="alert"
          className="grid gap-3 rounded-lg border border-amber-300/30 bg-amber-300/10 px-4 py-4 text-sm sm:grid-cols-[1fr_auto] sm:items-center"
        >
          <div className="flex items-start gap-3">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700 dark:text-amber-200" />
            <div className="grid gap-1">
              <p className="font-medium text-amber-800 dark:text-amber-100">{t('dreams.edit.conflictTitle')}</p>
              <p className="text-pretty text-muted-foreground">{t('dreams.edit.conflictText')}</p>
            </div>
          </div>
          <Button
            variant="outline"
            className="h-10"
            disabled={isReloading}
            onClick={() =>
              void onReload().then((fresh) => {
                if (!fresh) return;
                setDream(fresh);
                setIsConflict(false);
                updateDream.reset();
              })
            }
          >
            {isReloading ? <Spinner /> : <RefreshCw aria-hidden="true" />}
            {t('dreams.edit.reload')}
          </Button>
        </div>
      ) : null}
      <DreamForm
        // A reloaded dream (new version) starts a fresh form from the latest text.
        key={dream.version}
        aria-label={t('dreams.edit.title')}
        defaultValues={dreamToFormValues(dream)}
        isDetailsOpenAtStart={isDetailsAsked}
        timeZone={timeZone}
        isSaving={updateDream.isPending}
        onSubmit={onSubmit}
        serverErrors={validationDetails}
        submitLabel={t('dreams.form.saveChanges')}
        secondaryAction={
          <Button asChild variant="ghost" size="lg">
            <Link to={dreamPath}>{t('dreams.form.cancel')}</Link>
          </Button>
        }
      />
    </div>
  );
}
