/**
 * The colour theme, the part the entry chunk needs: main.tsx paints the theme last chosen on this device before
 * the first render (every page's inline THEME_BOOT_SCRIPT has painted it before the first frame: decision 087). One
 * constant imported and a few lines on purpose: this is the landing page's entry, which has a JS budget.
 * Switching and following the system live (lib/preferences.ts) load with the app.
 */
import { THEME_STORAGE_KEY } from '@sonhario/contracts/theme';

export { THEME_STORAGE_KEY };

export type ThemePreference = 'dark' | 'light' | 'system';
export type ResolvedTheme = 'dark' | 'light';

export function storedTheme(): ThemePreference {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY);
    return value === 'light' || value === 'system' ? value : 'dark';
  } catch {
    // Storage blocked (private mode, a sandboxed frame): the night theme.
    return 'dark';
  }
}

/** `null` where matchMedia does not exist (old engines, jsdom): 'system' then means the night theme. */
export const systemDarkQuery = (): MediaQueryList | null =>
  typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : null;

export const resolveTheme = (theme: ThemePreference): ResolvedTheme =>
  theme === 'light' || (theme === 'system' && systemDarkQuery()?.matches === false) ? 'light' : 'dark';

/** The night theme is `<html class="dark">` (shadcn's convention); without the class, the light tokens of :root. */
export function paintTheme(theme: ResolvedTheme) {
  document.documentElement.classList.toggle('dark', theme === 'dark');
}
