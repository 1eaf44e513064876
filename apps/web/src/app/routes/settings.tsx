import { useTranslation } from 'react-i18next';
import { AppPage } from '@/components/app-page';
import { DataSection } from '@/features/account/components/data-section';
import { DeleteAccountSection } from '@/features/account/components/delete-account-section';
import { SessionsSection } from '@/features/account/components/sessions-section';
import { DeleteAnalysesButton } from '@/features/analyses/components/delete-analyses-button';
import { signInWithGoogle } from '@/features/auth/api/auth-actions';
import { PasswordSection } from '@/features/auth/components/password-section';
import { PrivacySection } from '@/features/consents/components/privacy-section';
import { PreferencesSection } from '@/features/profile/components/preferences-section';
import { RemindersSection } from '@/features/reminders/components/reminders-section';
import { useAuth } from '@/hooks/use-auth';

const SECTIONS = [
  { id: 'senha', key: 'password' },
  { id: 'sessoes', key: 'sessions' },
  { id: 'idioma-e-tema', key: 'preferences' },
  { id: 'lembretes', key: 'reminders' },
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

/**
 * `/app/settings` ('Configurações' in the user menu). Settings is a page, not a feature: it puts side by side the
 * sections the features own: the password (auth), the devices signed in (account), language and theme (profile), the reminders (reminders),
 * the consents (consents, with the analyses' erase button where AI analysis is off), the user's data and the
 * deletion of the account (account, re-authenticating through auth's Google sign-in). Protected layout.
 */
export function SettingsRoute() {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <AppPage
      pageTitle={t('settings.pageTitle')}
      backLabel={t('settings.back')}
      title={t('settings.title')}
      subtitle={t('settings.subtitle')}
    >
      {user ? (
        <div className="grid gap-6">
          <SectionsNav />
          <PasswordSection key={`password-${user.id}`} user={user} />
          <SessionsSection />
          <PreferencesSection />
          <RemindersSection />
          <PrivacySection aiOffAction={<DeleteAnalysesButton />} />
          <DataSection />
          <DeleteAccountSection onReauthenticate={() => void signInWithGoogle()} />
        </div>
      ) : null}
    </AppPage>
  );
}

export { SettingsRoute as Component };
