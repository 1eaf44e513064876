import type { Profile } from '@sonhario/contracts/profile';
import { setFormatLocale } from './dates';
import { i18n } from './i18n';
import { LOCALE_STORAGE_KEY, OTHER_LOCALE } from './locale-storage';
import {
  paintTheme,
  resolveTheme,
  type ResolvedTheme,
  storedTheme,
  systemDarkQuery,
  THEME_STORAGE_KEY,
  type ThemePreference,
} from './theme';

/**
 * The user's language and theme, applied to the page: the profile's values (usePreferencesSync after sign-in, the
 * settings screen when they change) and, before the profile answers, the last ones used on this device
 * (localStorage), so a reload does not flash the other language or theme. The landing page is outside all this:
 * English and night, always.
 */

export type AppLocale = Profile['locale'];
export type { ThemePreference };

function remember(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage blocked: the preference still applies to this visit, and the profile brings it back next time.
  }
}

export function storedLocale(): AppLocale {
  try {
    return localStorage.getItem(LOCALE_STORAGE_KEY) === OTHER_LOCALE ? OTHER_LOCALE : 'pt-BR';
  } catch {
    return 'pt-BR';
  }
}

// --- language ------------------------------------------------------------------------------------------------------

/** Counts calls, so an English bundle that arrives after a later switch back to pt-BR does not win. */
let languageRequest = 0;

/**
 * Switches the app's texts, dates and numbers, and `<html lang>`. pt-BR is bundled; English is its own chunk,
 * downloaded the first time it is needed.
 */
export async function applyLanguage(locale: AppLocale): Promise<void> {
  const request = ++languageRequest;
  remember(LOCALE_STORAGE_KEY, locale);
  if (locale === 'en' && !i18n.hasResourceBundle('en', 'translation')) {
    const { default: en } = await import('@/locales/en.json');
    i18n.addResourceBundle('en', 'translation', en);
  }
  if (request !== languageRequest) return;
  // Before the change event, so the screens that re-render on it already format dates in the new language.
  setFormatLocale(locale);
  document.documentElement.lang = locale;
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
}

/** The app shell's loader: the language last used on this device, before the first screen renders. */
export async function restoreLanguage(): Promise<void> {
  const locale = storedLocale();
  if (locale !== i18n.language) await applyLanguage(locale);
}

// --- theme ---------------------------------------------------------------------------------------------------------

/** The browser's toolbar colour (index.html's theme-color starts at the night background). */
const THEME_COLORS: Record<ResolvedTheme, string> = { dark: '#0e102a', light: '#f6f6fd' };

let stopFollowingSystem: (() => void) | null = null;

function paint(theme: ResolvedTheme) {
  paintTheme(theme);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[theme]);
}

function show(theme: ThemePreference) {
  stopFollowingSystem?.();
  stopFollowingSystem = null;
  paint(resolveTheme(theme));
  const query = theme === 'system' ? systemDarkQuery() : null;
  if (query) {
    // 'Sistema' follows the device live: a phone that turns dark at sunset turns the app dark too.
    const onChange = () => paint(resolveTheme('system'));
    query.addEventListener('change', onChange);
    stopFollowingSystem = () => query.removeEventListener('change', onChange);
  }
}

/** 'dark' (escuro, the default), 'light' (claro) or 'system' (sistema: the device's, followed live). */
export function applyTheme(theme: ThemePreference): void {
  remember(THEME_STORAGE_KEY, theme);
  show(theme);
}

/**
 * The app shell's, on mount: shows this device's last theme. The returned function, on unmount, goes back to the
 * night theme: the landing page keeps its night sky whatever the app's theme.
 */
export function showStoredTheme(): () => void {
  show(storedTheme());
  return () => {
    stopFollowingSystem?.();
    stopFollowingSystem = null;
    paint('dark');
  };
}
