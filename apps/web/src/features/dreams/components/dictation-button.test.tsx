import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, setupAppWithServer, signInAs } from '@/test/app';
import { createUser } from '@/test/server/real-server';

// The microphone on the dream form (docs/decisions/038): shown only when the server transcribes (the web tests'
// generative instance has AI_TRANSCRIPTION_MODEL, the main one has not) and the user gave AI consent.

const api = setupAppWithServer();

async function openNewDream() {
  renderApp(['/app', '/app/dreams/new']);
  await screen.findByRole('heading', { level: 1, name: 'Novo sonho' });
  // Both questions asked (GET /dictation, and the consents where it is on) before looking for the button.
  await waitFor(() => expect(api.server.requestsTo('GET', '/dictation')).toHaveLength(1));
}

describe('dictation on the dream form', { timeout: 20_000 }, () => {
  it('shows the microphone when the server transcribes and the user gave AI consent', async () => {
    api.server.upstream = 'generative';
    signInAs(await createUser({ isConsenting: true }));
    await openNewDream();
    expect(await screen.findByRole('button', { name: 'Ditar' })).toBeInTheDocument();
  });

  it('hides it without AI consent', async () => {
    api.server.upstream = 'generative';
    signInAs(await createUser({ isConsenting: false }));
    await openNewDream();
    await waitFor(() => expect(api.server.requestsTo('GET', '/me/consents').length).toBeGreaterThan(0));
    expect(screen.queryByRole('button', { name: 'Ditar' })).not.toBeInTheDocument();
  });

  it('hides it when the server has no transcription model', async () => {
    signInAs(await createUser({ isConsenting: true }));
    await openNewDream();
    expect(screen.queryByRole('button', { name: 'Ditar' })).not.toBeInTheDocument();
  });
});
