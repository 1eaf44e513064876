import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, setupAppWithServer, signInAs } from '@/test/app';
import { createDreams, createUser, type TestUser } from '@/test/server/real-server';

const api = setupAppWithServer();

const UNREACHABLE = 'O servidor não respondeu: ele pode estar fora do ar, ou a conexão caiu no caminho.';
const OFFLINE = "Você está offline. Quando a conexão voltar, toque em 'Tentar novamente'.";
const BANNER = 'Você está offline. Os sonhos que você gravar ficam pendentes e são enviados quando a conexão voltar.';

/** The browser's connection state as jsdom cannot change it: `navigator.onLine` and the event that announces it. */
function setBrowserOnline(isOnline: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => isOnline });
  act(() => {
    window.dispatchEvent(new Event(isOnline ? 'online' : 'offline'));
  });
}

afterEach(() => {
  // Back to jsdom's own (always online) answer.
  if (Object.getOwnPropertyDescriptor(navigator, 'onLine')) setBrowserOnline(true);
  Reflect.deleteProperty(navigator, 'onLine');
});

/** The failure alert that names what failed, once the query has failed (a dropped connection is asked twice). */
async function findFailure(what: string) {
  // A cold first screen on a busy machine, then the request asked twice: more than the usual 5 s.
  const heading = await screen.findByText(what, {}, { timeout: 15_000 });
  const alert = heading.closest<HTMLElement>('[role="alert"]');
  if (!alert) throw new Error(`'${what}' is not inside an alert`);
  return alert;
}

/**
 * Every signed-in screen that loads data, the request that loads it, and what its failure says failed. Each is
 * opened with that request failing (the connection dropped by the proxy, as when the server is down).
 */
const screens: { name: string; path: (dreamId: string) => string; request: string; what: string }[] = [
  { name: '/app', path: () => '/app', request: '/me/overview', what: 'Não foi possível carregar seu painel' },
  { name: '/app/dreams', path: () => '/app/dreams', request: '/dreams', what: 'Não foi possível carregar seus sonhos' },
  {
    name: '/app/dreams/:id',
    path: (id) => `/app/dreams/${id}`,
    request: '/dreams/:id',
    what: 'Não foi possível abrir este sonho',
  },
  {
    name: '/app/credits',
    path: () => '/app/credits',
    request: '/credits',
    what: 'Não foi possível carregar seus créditos',
  },
  {
    name: '/app/rewards',
    path: () => '/app/rewards',
    request: '/rewards',
    what: 'Não foi possível carregar suas conquistas',
  },
  {
    name: '/app/analytics',
    path: () => '/app/analytics',
    request: '/analyses/stats',
    what: 'Não foi possível carregar suas análises',
  },
  { name: '/app/plans', path: () => '/app/plans', request: '/billing', what: 'Não foi possível carregar os planos' },
  {
    name: '/app/profile',
    path: () => '/app/profile',
    request: '/me/profile',
    what: 'Não foi possível carregar seu perfil',
  },
  {
    name: '/app/settings',
    path: () => '/app/settings',
    request: '/me/sessions',
    what: 'Não foi possível carregar seus dispositivos.',
  },
  {
    name: '/app/oracle',
    path: () => '/app/oracle',
    request: '/chat/threads',
    what: 'Não foi possível carregar as conversas.',
  },
  {
    name: '/app/help',
    path: () => '/app/help',
    request: '/support/messages',
    what: 'Não foi possível carregar suas mensagens.',
  },
];

describe('a screen whose data does not load (issue 19)', () => {
  // One account and one dream for every screen (made by the first).
  let account: TestUser | undefined;
  let dreamId: string | undefined;

  it.each(screens)(
    '$name: says what failed and why, and "Tentar novamente" loads it once the server answers',
    async ({ path, request, what }) => {
      account ??= await createUser();
      dreamId ??= (await createDreams(account, [{ title: 'Voo', content: 'Eu voava sobre o mar.' }]))[0]!.id;
      const user = userEvent.setup();
      const bringBack = api.server.down('GET', request);
      signInAs(account);
      renderApp(path(dreamId));

      const alert = await findFailure(what);
      expect(within(alert).getByText(UNREACHABLE)).toBeInTheDocument();

      bringBack();
      await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
      await waitFor(() => expect(screen.queryByText(what)).not.toBeInTheDocument());
      expect(api.server.requestsTo('GET', request).length).toBeGreaterThanOrEqual(3);
    },
    30_000,
  );

  it('the dashboard says so on its first screen, instead of "—" in the stat cards', async () => {
    const account = await createUser();
    await createDreams(account, [{ content: 'Um jardim.' }]);
    const bringBack = api.server.down('GET', '/me/overview');
    signInAs(account);
    renderApp('/app');

    const alert = await findFailure('Não foi possível carregar seu painel');
    // Right under the greeting, before the shortcuts: the first thing after the heading block.
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading.compareDocumentPosition(alert) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(alert.compareDocumentPosition(screen.getByRole('region', { name: 'Atalhos' }))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(screen.queryByText('—')).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Sonhos Registrados' })).not.toBeInTheDocument();

    bringBack();
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    const dreams = await screen.findByRole('group', { name: 'Sonhos Registrados' });
    expect(await within(dreams).findByText('1')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the device is offline when it is, and the server’s words again when it is back online', async () => {
    const account = await createUser();
    api.server.down('GET', '/rewards');
    signInAs(account);
    renderApp('/app/rewards');
    const alert = await findFailure('Não foi possível carregar suas conquistas');
    expect(within(alert).getByText(UNREACHABLE)).toBeInTheDocument();

    setBrowserOnline(false);
    expect(within(alert).getByText(OFFLINE)).toBeInTheDocument();
    setBrowserOnline(true);
    expect(within(alert).getByText(UNREACHABLE)).toBeInTheDocument();
  });
});

describe('the offline banner', () => {
  it('shows under the header while the browser is offline, as a status, and leaves when it is back', async () => {
    const account = await createUser();
    signInAs(account);
    renderApp('/app');
    await screen.findByRole('heading', { level: 1, name: /^Olá, / });
    expect(screen.queryByText(BANNER)).not.toBeInTheDocument();

    setBrowserOnline(false);
    const banner = screen.getByText(BANNER);
    expect(banner.closest('[role="status"]')).not.toBeNull();
    // Between the header and the screen's content.
    const header = screen.getByRole('banner');
    expect(header.compareDocumentPosition(banner) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(banner.compareDocumentPosition(screen.getByRole('main')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    setBrowserOnline(true);
    expect(screen.queryByText(BANNER)).not.toBeInTheDocument();
  });
});
