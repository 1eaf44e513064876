import { useTranslation } from 'react-i18next';
import { DataSection } from '@/features/account/components/data-section';
import { useAuth } from '@/hooks/use-auth';
import { PasswordSection } from './password-section';
import { PreferencesSection } from './preferences-section';
import { PrivacySection } from './privacy-section';
import { SessionsSection } from './sessions-section';

const SECTIONS = [
  { id: 'senha', key: 'password' },
  { id: 'sessoes', key: 'sessions' },
  { id: 'idioma-e-tema', key: 'preferences' },
  { id: 'privacidade', key: 'privacy' },
  { id: 'seus-dados', key: 'data' },
] as const;

/** Jump links to each section: on a phone the page is long. */
function SectionsNav() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('settings.sectionsNav')} className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex w-max gap-2 sm:w-auto sm:flex-wrap">
        {SECTIONS.map(({ id, key }) => (
          <li key={id}>
            <a
              href={`#${id}`}
              className="inline-flex h-9 items-center rounded-full border border-border bg-input/15 px-3.5 text-sm whitespace-nowrap text-muted-foreground transition-colors outline-none hover:border-primary/40 hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60"
            >
              {t(`settings.nav.${key}`)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The settings screen's body: password, devices, language and theme, privacy, and the user's data. */
export function SettingsOverview() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <div className="grid gap-6">
      <SectionsNav />
      <PasswordSection key={`password-${user.id}`} user={user} />
      <SessionsSection />
      <PreferencesSection />
      <PrivacySection />
      <DataSection />
    </div>
  );
}
