import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { NightSky } from '@/components/night-sky';
import { SkipLink } from '@/components/skip-link';
import { ProtectedRoute } from '@/features/auth/components/protected-route';
import { PastDueBanner } from '@/features/billing/components/past-due-banner';
import { ConsentPrompt } from '@/features/consents/components/consent-prompt';
import { usePendingDreamSync } from '@/features/dreams/hooks/use-pending-dream-sync';
import { usePreferencesSync } from '@/features/profile/hooks/use-preferences-sync';
import { useTimeZoneSync } from '@/features/profile/hooks/use-time-zone-sync';
import { useAuth } from '@/hooks/use-auth';
import { AppHeader } from './app-header';
import { PhoneNewDreamButton } from './phone-new-dream-button';

/** Rendered only with a user: the first signed-in visit stores the browser's time zone in the profile. */
function TimeZoneSync() {
  useTimeZoneSync();
  return null;
}

/** Rendered only with a user: the profile's language and theme replace the device's last ones. */
function PreferencesSync() {
  usePreferencesSync();
  return null;
}

/** Rendered only with a user: sends that user's dreams saved offline on this device (docs/decisions/036). */
function PendingDreamSync() {
  const { user } = useAuth();
  if (!user) return null;
  return <PendingDreamSyncFor key={user.id} userId={user.id} />;
}

function PendingDreamSyncFor({ userId }: { userId: string }) {
  usePendingDreamSync(userId);
  return null;
}

/**
 * Pathless layout of the signed-in app (/app, /app/dreams/*): protected, with the app's top bar, and the consent
 * question for a user who never answered it (a Google sign-up skips the form's checkbox).
 */
export function AppLayout() {
  const { t } = useTranslation();
  return (
    <ProtectedRoute>
      <TimeZoneSync />
      <PreferencesSync />
      <PendingDreamSync />
      <ConsentPrompt />
      <div className="relative flex min-h-dvh flex-col overflow-x-clip">
        <NightSky />
        <SkipLink label={t('common.skipToContent')} />
        <AppHeader />
        <PastDueBanner />
        <main id="main-content" tabIndex={-1} className="flex-1 outline-none">
          <Outlet />
        </main>
        <PhoneNewDreamButton />
      </div>
    </ProtectedRoute>
  );
}

export { AppLayout as Component };
