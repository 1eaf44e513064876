import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { NightSky } from '@/components/night-sky';
import { OfflineBanner } from '@/components/offline-banner';
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
import { PageSkeleton } from './route-skeleton';

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

/** Moving to another screen whose code (or data) takes a moment: that screen's shape, after a short grace. */
function AppOutlet() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  // Only a move to another path: filters and searches (the query string) keep their own in-page states.
  const target =
    navigation.state === 'loading' && navigation.location.pathname !== pathname ? navigation.location : null;
  const targetKey = target?.key ?? null;
  const [shownFor, setShownFor] = useState<string | null>(null);
  useEffect(() => {
    if (!targetKey) return;
    // A screen already loaded arrives at once: no flash of a skeleton for it.
    const timer = setTimeout(() => setShownFor(targetKey), 120);
    return () => clearTimeout(timer);
  }, [targetKey]);
  if (target && shownFor === targetKey) return <PageSkeleton pathname={target.pathname} label={t('common.loading')} />;
  return <Outlet />;
}

/** While the session loads: the shape of the screen asked for (docs/decisions/042), under the app's own header. */
function SessionLoading() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return <PageSkeleton pathname={pathname} label={t('common.loading')} />;
}

/**
 * Pathless layout of the signed-in app (/app, /app/dreams/*): protected, with the app's top bar, and the consent
 * question for a user who never answered it (a Google sign-up skips the form's checkbox). The frame (the sky, the
 * header, the banners' places) is the same while the session loads and after: `/app` arrives prerendered in that
 * state (decision 083), and React keeps those elements instead of drawing the page again.
 */
export function AppLayout() {
  const { t } = useTranslation();
  const { user, loading } = useAuth();
  const isSignedIn = !loading && user !== null;
  return (
    <div className="relative flex min-h-dvh flex-col overflow-x-clip">
      <NightSky />
      <SkipLink label={t('common.skipToContent')} />
      <AppHeader />
      <OfflineBanner />
      {isSignedIn ? <PastDueBanner /> : null}
      <main id="main-content" tabIndex={-1} className="flex-1 outline-none">
        {loading ? (
          <SessionLoading />
        ) : (
          <ProtectedRoute>
            <TimeZoneSync />
            <PreferencesSync />
            <PendingDreamSync />
            <ConsentPrompt />
            <AppOutlet />
          </ProtectedRoute>
        )}
        {/* Inside the main landmark (it floats over the page's content, after it in the reading order). */}
        {isSignedIn ? <PhoneNewDreamButton /> : null}
      </main>
    </div>
  );
}

export { AppLayout as Component };
