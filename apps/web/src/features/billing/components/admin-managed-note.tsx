import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Billing off: plans on this server are the administrator's to set, and how. */
export function AdminManagedNote() {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="admin-plans-title"
      className="grid gap-3 rounded-xl border border-dashed border-border bg-card/40 px-5 py-5 backdrop-blur-sm"
    >
      <h2 id="admin-plans-title" className="flex items-center gap-2.5 font-medium">
        <ShieldCheck aria-hidden="true" className="size-5 text-primary" />
        {t('billing.admin.title')}
      </h2>
      <p className="text-sm text-pretty text-muted-foreground">{t('billing.admin.text')}</p>
      <pre className="overflow-x-auto rounded-md whitespace-pre-wrap border border-border/70 bg-background/60 px-3.5 py-2.5 font-mono text-xs sm:text-sm">
        <code>{t('billing.admin.command')}</code>
      </pre>
    </section>
  );
}
