// The dream form's bottom bar (sticky on a phone): the draft's status, the save shortcut's hint, the buttons.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { saveShortcutModifier } from '../save-shortcut';

const KBD =
  'rounded border border-border bg-card/60 px-1.5 py-0.5 font-sans text-[0.7rem] font-medium text-foreground/80';

export function DreamFormFooter({
  status,
  secondaryAction,
  isSaving,
  submitLabel,
}: {
  status?: ReactNode;
  secondaryAction?: ReactNode;
  isSaving: boolean;
  submitLabel: string;
}) {
  const { t } = useTranslation();
  const [shortcutModifier] = useState(saveShortcutModifier);
  return (
    <div className="sticky bottom-0 z-10 -mx-4 flex flex-col gap-3 border-t border-border/60 bg-background/85 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur-lg sm:static sm:mx-0 sm:flex-row sm:items-center sm:justify-between sm:border-0 sm:bg-transparent sm:p-0 sm:backdrop-blur-none">
      <div className="min-h-5 text-xs text-muted-foreground sm:text-sm">{status}</div>
      <div className="flex items-center gap-3 sm:justify-end">
        {shortcutModifier ? (
          <p className="hidden text-xs whitespace-nowrap text-muted-foreground sm:block" data-testid="save-shortcut">
            <kbd className={KBD}>{shortcutModifier}</kbd>+<kbd className={KBD}>Enter</kbd> {t('dreams.shortcut.toSave')}
          </p>
        ) : null}
        {secondaryAction}
        <Button
          type="submit"
          size="lg"
          className="flex-1 sm:flex-none"
          disabled={isSaving}
          aria-keyshortcuts="Control+Enter Meta+Enter"
        >
          {isSaving ? <Spinner /> : null}
          {isSaving ? t('dreams.form.saving') : submitLabel}
        </Button>
      </div>
    </div>
  );
}
