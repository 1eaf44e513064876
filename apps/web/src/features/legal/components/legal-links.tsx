import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '@/lib/utils';

// 44 px tall: a finger's target (the text stays small).
const linkClass =
  'inline-flex min-h-11 items-center rounded-sm underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60';

/** 'Política de Privacidade' · 'Termos de Uso': small links under the login form and on the legal pages. */
export function LegalLinks({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('legal.nav')} className={cn('text-sm text-muted-foreground', className)}>
      <ul className="flex flex-wrap items-center justify-center gap-x-2">
        <li>
          <Link to="/privacidade" className={linkClass}>
            {t('legal.privacy')}
          </Link>
        </li>
        <li className="flex items-center gap-x-2">
          <span aria-hidden="true">·</span>
          <Link to="/termos" className={linkClass}>
            {t('legal.terms')}
          </Link>
        </li>
      </ul>
    </nav>
  );
}
