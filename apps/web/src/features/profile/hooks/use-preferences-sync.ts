import { useEffect } from 'react';
import { useProfile } from '@/hooks/use-profile';
import { applyLanguage, applyTheme } from '@/lib/preferences';

/**
 * The profile's language and theme, applied when it loads (after sign-in, on another device's choice) and whenever
 * it changes. Until it answers, the device's last ones show (restored by the app shell).
 */
export function usePreferencesSync() {
  const { data: profile } = useProfile();
  const locale = profile?.locale;
  const theme = profile?.theme;
  useEffect(() => {
    if (locale) void applyLanguage(locale);
  }, [locale]);
  useEffect(() => {
    if (theme) applyTheme(theme);
  }, [theme]);
}
