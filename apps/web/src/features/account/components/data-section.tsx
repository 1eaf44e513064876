import { Download, FileJson, FileText, Upload } from 'lucide-react';
import { useId, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { SectionCard } from '@/components/section-card';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorMessage } from '@/lib/api-error-message';
import { cn } from '@/lib/utils';
import { useExportData, type ExportFormat } from '../api/use-export-data';
import { useImportData } from '../api/use-import-data';

function ExportButton({ format }: { format: ExportFormat }) {
  const { t } = useTranslation();
  const exportData = useExportData();
  const isJson = format === 'json';
  const hintId = useId();

  const run = () => {
    if (exportData.isPending) return;
    exportData.mutate(format, {
      onSuccess: (fileName) => toast.success(t('account.data.exported'), { description: fileName }),
      onError: (error) => toast.error(t('account.data.exportError'), { description: apiErrorMessage(error) }),
    });
  };

  return (
    <div className="grid content-start gap-2 rounded-lg border border-border/70 bg-background/30 p-4">
      <Button
        variant={isJson ? 'default' : 'outline'}
        className="h-10 w-full"
        disabled={exportData.isPending}
        onClick={run}
        aria-describedby={hintId}
      >
        {exportData.isPending ? (
          <Spinner />
        ) : isJson ? (
          <FileJson aria-hidden="true" />
        ) : (
          <FileText aria-hidden="true" />
        )}
        {exportData.isPending
          ? t('account.data.exporting')
          : isJson
            ? t('account.data.exportJson')
            : t('account.data.exportHtml')}
      </Button>
      <p id={hintId} className="text-xs text-pretty text-muted-foreground">
        {isJson ? t('account.data.exportJsonHint') : t('account.data.exportHtmlHint')}
      </p>
    </div>
  );
}

/** 'Importar': a .json export back into the journal; what was restored and what was already there is said. */
function ImportButton() {
  const { t } = useTranslation();
  const importData = useImportData();
  const inputId = useId();
  const hintId = useId();

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared at once, so choosing the same file again (after fixing it) fires again.
    event.target.value = '';
    if (!file || importData.isPending) return;
    importData.mutate(file, {
      onSuccess: ({ imported, skipped }) => {
        const importedText =
          imported === 1 ? t('account.data.importedOne') : t('account.data.imported', { count: imported });
        const skippedText =
          skipped === 1 ? t('account.data.skippedOne') : t('account.data.skipped', { count: skipped });
        toast.success(t('account.data.importResult', { imported: importedText, skipped: skippedText }));
      },
      onError: (error) =>
        toast.error(t('account.data.importError'), {
          // The file was refused before anything was sent (use-import-data): say which file to pick instead.
          description: apiErrorMessage(error, { bad_json: t('account.data.invalidJson') }),
        }),
    });
  };

  return (
    <div className="grid content-start gap-2 rounded-lg border border-border/70 bg-background/30 p-4">
      {/* The real control is the file input (named by its label); the label is what looks like a button. */}
      <input
        id={inputId}
        type="file"
        accept=".json,application/json"
        className="peer sr-only"
        disabled={importData.isPending}
        onChange={choose}
        aria-describedby={hintId}
      />
      <label
        htmlFor={inputId}
        className={cn(
          'inline-flex h-10 w-full cursor-pointer items-center justify-center gap-2 rounded-md border bg-background px-4 text-sm font-medium shadow-xs transition-colors hover:bg-accent hover:text-accent-foreground peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/60 dark:border-input dark:bg-input/20 dark:hover:bg-input/40 [&_svg]:size-4',
          importData.isPending && 'pointer-events-none opacity-50',
        )}
      >
        {importData.isPending ? <Spinner /> : <Upload aria-hidden="true" />}
        <span>{importData.isPending ? t('account.data.importing') : t('account.data.import')}</span>
        <span className="sr-only"> {t('account.data.importLabelSuffix')}</span>
      </label>
      <p id={hintId} className="text-xs text-pretty text-muted-foreground">
        {t('account.data.importHint')}
      </p>
    </div>
  );
}

/** 'Seus dados': export (JSON to keep or import, HTML to read) and import. */
export function DataSection() {
  const { t } = useTranslation();
  return (
    <SectionCard
      id="seus-dados"
      icon={Download}
      title={t('account.data.title')}
      description={t('account.data.description')}
    >
      <div className="grid gap-3 sm:grid-cols-3">
        <ExportButton format="json" />
        <ExportButton format="html" />
        <ImportButton />
      </div>
    </SectionCard>
  );
}
