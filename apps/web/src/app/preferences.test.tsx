import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginPanel } from '@/features/auth/components/login-panel';
import { formatDate } from '@/lib/dates';
import { i18n } from '@/lib/i18n';
import { applyLanguage, applyTheme, restoreLanguage, showStoredTheme } from '@/lib/preferences';

function renderLoginPanel() {
  const router = createMemoryRouter([{ path: '/', element: <LoginPanel onSignedIn={() => {}} /> }]);
  render(<RouterProvider router={router} />);
}

/** matchMedia for prefers-color-scheme (jsdom has none): `set` flips the device's preference and tells the listeners. */
function fakeSystemTheme(isDark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    media: '(prefers-color-scheme: dark)',
    matches: isDark,
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', (media: string) => {
    if (media !== query.media) throw new Error(`unexpected media query ${media}`);
    return query;
  });
  return {
    listeners,
    set(nextIsDark: boolean) {
      query.matches = nextIsDark;
      for (const listener of listeners) listener();
    },
  };
}

const root = document.documentElement;
const themeColor = () => document.querySelector('meta[name="theme-color"]')?.getAttribute('content');

describe('applyLanguage', () => {
  afterEach(async () => {
    await act(() => applyLanguage('pt-BR'));
    localStorage.clear();
  });

  it("switches the app's texts, dates and <html lang> to English and back to the spec's exact pt-BR", async () => {
    renderLoginPanel();
    expect(screen.getByRole('heading', { level: 1, name: 'Bem-vindo' })).toBeInTheDocument();

    await act(() => applyLanguage('en'));
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome' })).toBeInTheDocument();
    expect(screen.getByText('Sign in or create your account to get started')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Sign up' })).toBeInTheDocument();
    expect(root.lang).toBe('en');
    expect(formatDate('2026-03-13', 'long')).toBe('Friday, March 13, 2026');
    expect(localStorage.getItem('sonhario:locale')).toBe('en');

    await act(() => applyLanguage('pt-BR'));
    expect(screen.getByRole('heading', { level: 1, name: 'Bem-vindo' })).toBeInTheDocument();
    expect(screen.getByText('Faça login ou crie sua conta para começar')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Cadastro' })).toBeInTheDocument();
    expect(root.lang).toBe('pt-BR');
    expect(formatDate('2026-03-13', 'long')).toBe('sexta-feira, 13 de março de 2026');
  });

  it('loads the English strings only when asked, and a later switch back wins over a slow download', async () => {
    i18n.removeResourceBundle('en', 'translation');
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false);

    const english = applyLanguage('en');
    const portuguese = applyLanguage('pt-BR');
    await act(() => Promise.all([english, portuguese]));

    expect(i18n.hasResourceBundle('en', 'translation')).toBe(true);
    expect(i18n.language).toBe('pt-BR');
    expect(i18n.t('auth.login.title')).toBe('Bem-vindo');
  });

  it("restores the device's last language (the app shell's loader), pt-BR when none was chosen", async () => {
    await restoreLanguage();
    expect(i18n.language).toBe('pt-BR');

    localStorage.setItem('sonhario:locale', 'en');
    await restoreLanguage();
    expect(i18n.language).toBe('en');
    expect(i18n.t('auth.login.title')).toBe('Welcome');
  });
});

describe('applyTheme', () => {
  beforeEach(() => {
    const meta = document.createElement('meta');
    meta.name = 'theme-color';
    meta.content = '#0e102a';
    document.head.append(meta);
    root.classList.add('dark');
  });

  afterEach(() => {
    applyTheme('dark');
    document.querySelector('meta[name="theme-color"]')?.remove();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("'light' takes the night theme's class off <html>, 'dark' puts it back; the choice is kept on the device", () => {
    applyTheme('light');
    expect(root).not.toHaveClass('dark');
    expect(themeColor()).toBe('#f6f6fd');
    expect(localStorage.getItem('sonhario:theme')).toBe('light');

    applyTheme('dark');
    expect(root).toHaveClass('dark');
    expect(themeColor()).toBe('#0e102a');
    expect(localStorage.getItem('sonhario:theme')).toBe('dark');
  });

  it("'system' follows the device's prefers-color-scheme, live, until another theme is chosen", () => {
    const system = fakeSystemTheme(false);
    applyTheme('system');
    expect(root).not.toHaveClass('dark');

    system.set(true);
    expect(root).toHaveClass('dark');
    system.set(false);
    expect(root).not.toHaveClass('dark');

    applyTheme('dark');
    expect(system.listeners.size).toBe(0);
    system.set(false);
    expect(root).toHaveClass('dark');
  });

  it("'system' is the night theme where the browser cannot tell (no matchMedia)", () => {
    applyTheme('system');
    expect(root).toHaveClass('dark');
  });

  it("the app shell shows the device's last theme and leaves the night theme behind for the landing page", () => {
    localStorage.setItem('sonhario:theme', 'light');
    const leave = showStoredTheme();
    expect(root).not.toHaveClass('dark');

    leave();
    expect(root).toHaveClass('dark');
    expect(localStorage.getItem('sonhario:theme')).toBe('light');
  });
});
