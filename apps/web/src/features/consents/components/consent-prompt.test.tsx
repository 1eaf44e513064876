import { CONSENT_TEXT, CONSENT_VERSION } from '@sonhario/contracts/consents';
import type { ConsentsResponse } from '@sonhario/contracts/consents';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { renderApp, setupAppWithServer, signInAs } from '@/test/app';
import { answerConsent, createUser, type TestUser, userApi } from '@/test/server/real-server';

const api = setupAppWithServer();

let account: TestUser;
beforeEach(async () => {
  // An account whose consent was never asked (as a Google sign-up: the form's checkbox was never shown).
  account = await createUser({ isConsenting: false });
});

async function openApp(path = '/app') {
  signInAs(account);
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1 });
  return view;
}

const storedConsents = async () => (await userApi(account).get<ConsentsResponse>('/me/consents')).items;

describe('the consent question for users who never answered it', () => {
  it("asks once, with the exact consent text, and records 'Concordo' for both purposes", async () => {
    const user = userEvent.setup();
    await openApp();

    const dialog = await screen.findByRole('alertdialog', { name: 'Análise de sonhos com IA' });
    expect(within(dialog).getByText(CONSENT_TEXT)).toBeInTheDocument();
    expect(
      within(dialog).getByRole('link', { name: /^Política de Privacidade\s*\(abre em nova aba\)$/ }),
    ).toHaveAttribute('href', '/privacidade');
    await user.click(within(dialog).getByRole('button', { name: 'Concordo' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.server.requestsTo('POST', '/me/consents').map((request) => request.body)).toEqual([
      { purposes: ['ai_analysis', 'data_processing'], isGranted: true, textVersion: CONSENT_VERSION },
    ]);
    expect((await storedConsents()).map((consent) => [consent.purpose, consent.status])).toEqual([
      ['ai_analysis', 'granted'],
      ['data_processing', 'granted'],
    ]);
  });

  it("records 'Agora não' as declined and does not ask again while the user moves around the app", async () => {
    const user = userEvent.setup();
    const { router } = await openApp();

    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Agora não' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.server.requestsTo('POST', '/me/consents')[0]!.body).toMatchObject({ isGranted: false });
    expect((await storedConsents()).map((consent) => consent.status)).toEqual(['declined', 'declined']);

    await user.click(within(screen.getByRole('banner')).getByRole('link', { name: 'Sonhos' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dreams'));
    await router.navigate('/app');
    await screen.findByRole('heading', { level: 1, name: /^Olá, / });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.server.requestsTo('POST', '/me/consents')).toHaveLength(1);
  });

  it('closing it without an answer records nothing and does not ask again during the visit', async () => {
    const user = userEvent.setup();
    const { router } = await openApp();
    await screen.findByRole('alertdialog');

    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await router.navigate('/app/dreams');
    await router.navigate('/app');
    await screen.findByRole('heading', { level: 1, name: /^Olá, / });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.server.requestsTo('POST', '/me/consents')).toHaveLength(0);
  });

  it.each([
    ['granted', [true]],
    ['declined', [false]],
    ['withdrawn', [true, false]],
  ] as const)('does not ask a user whose consent is %s', async (_status, answers) => {
    for (const isGranted of answers) await answerConsent(account, isGranted);
    await openApp();
    // Once the app holds the answer, and React has rendered with it, no question is shown.
    await waitFor(() => expect(queryClient.getQueryData(queryKeys.consents)).toBeDefined());
    await act(() => Promise.resolve());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.server.requestsTo('GET', '/me/consents')).toHaveLength(1);
  });
});
