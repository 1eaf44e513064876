import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { applyLanguage, applyTheme } from '@/lib/preferences';
import { renderApp, setupAppWithServer, signInAs } from '@/test/app';
import { createUser, type TestUser, userApi } from '@/test/server/real-server';

setupAppWithServer();
const root = document.documentElement;

let account: TestUser;
beforeEach(async () => {
  account = await createUser();
});

// Transforming en.json takes a while the first time under Vitest; the app's download is what the tests are about.
beforeAll(async () => {
  await import('@/locales/en.json');
});

afterEach(async () => {
  await act(() => applyLanguage('pt-BR'));
  applyTheme('dark');
});

describe("the profile's language and theme, applied on sign-in", () => {
  it('opens the app in English and in the light theme when the profile says so, and remembers them on the device', async () => {
    await userApi(account).patch('/me/profile', { locale: 'en', theme: 'light' });
    signInAs(account);
    renderApp('/app');

    // The English strings are a chunk of their own, downloaded when the profile asks for them.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hello, Ana! 👋' }, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Welcome to your personal dream journal')).toBeInTheDocument();
    expect(root).not.toHaveClass('dark');
    expect(root.lang).toBe('en');
    expect(localStorage.getItem('sonhario:locale')).toBe('en');
    expect(localStorage.getItem('sonhario:theme')).toBe('light');
  });

  it("keeps the spec's pt-BR and the night theme for a default profile", async () => {
    signInAs(account);
    renderApp('/app');

    expect(await screen.findByRole('heading', { level: 1, name: 'Olá, Ana! 👋' })).toBeInTheDocument();
    expect(screen.getByText('Bem-vindo ao seu diário de sonhos personalizado')).toBeInTheDocument();
    expect(root).toHaveClass('dark');
    expect(i18n.language).toBe('pt-BR');
  });

  it('gives the landing page back its night sky when the app in the light theme is left for it', async () => {
    await userApi(account).patch('/me/profile', { theme: 'light' });
    signInAs(account);
    const { router } = renderApp('/app');
    await screen.findByRole('heading', { level: 1, name: 'Olá, Ana! 👋' });
    await screen.findByText('Bem-vindo ao seu diário de sonhos personalizado');
    // The profile's theme is applied once it arrives.
    await waitFor(() => expect(root).not.toHaveClass('dark'));

    await act(() => router.navigate('/'));
    expect(root).toHaveClass('dark');
  });
});
