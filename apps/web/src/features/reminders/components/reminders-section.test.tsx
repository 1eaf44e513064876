import type { RemindersResponse } from '@sonhario/contracts/reminders';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp, setupAppWithServer, signInAs } from '@/test/app';
import { createUser, type TestUser, userApi } from '@/test/server/real-server';

// 'Lembretes' in settings (docs/decisions/037), against the real server. jsdom has no service worker nor PushManager,
// which is what a browser without Web Push looks like: the section says so, and the settings still save.

setupAppWithServer();

let account: TestUser;
beforeEach(async () => {
  account = await createUser();
});

const onServer = () => userApi(account).get<RemindersResponse>('/reminders');

async function openReminders() {
  signInAs(account);
  renderApp('/app/settings');
  // The settings page is a lazy chunk: the first test of a run waits for it to load.
  const region = await screen.findByRole('region', { name: 'Lembretes' }, { timeout: 10_000 });
  await within(region).findByRole('switch', { name: 'Lembrete da manhã' }, { timeout: 5_000 });
  return region;
}

describe("settings: 'Lembretes'", { timeout: 20_000 }, () => {
  it('says when this browser cannot receive notifications, and offers no button to turn them on', async () => {
    const region = await openReminders();
    expect(
      within(region).getByText(
        'Este navegador não recebe notificações. Use Chrome, Edge, Firefox ou Safari atualizados.',
      ),
    ).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Ativar notificações' })).not.toBeInTheDocument();
    expect(within(region).getByText('Nenhum aparelho recebe lembretes nesta conta ainda')).toBeInTheDocument();
  });

  it('saves the morning reminder and the reality checks at local times, and shows the next reminder', async () => {
    const user = userEvent.setup();
    const region = await openReminders();
    const save = within(region).getByRole('button', { name: 'Salvar lembretes' });
    expect(save).toBeDisabled();

    await user.click(within(region).getByRole('switch', { name: 'Lembrete da manhã' }));
    const time = within(region).getByLabelText('Horário');
    await user.clear(time);
    await user.type(time, '06:30');
    await user.click(within(region).getByRole('switch', { name: 'Testes de realidade' }));
    const count = within(region).getByLabelText('Quantos por dia');
    await user.clear(count);
    await user.type(count, '5');
    await user.click(save);

    expect(await screen.findByText('Lembretes salvos')).toBeInTheDocument();
    const saved = await onServer();
    expect(saved.settings).toEqual({
      morning: { isEnabled: true, time: '06:30' },
      realityChecks: { isEnabled: true, count: 5, from: '10:00', to: '20:00' },
    });
    expect(saved.nextMorningAt).not.toBeNull();
    expect(await within(region).findByText(/^Próximo lembrete: /)).toBeInTheDocument();
    expect(
      within(region).getByText(`Horários no seu fuso (${saved.timeZone}), que você pode mudar no Perfil.`),
    ).toBeInTheDocument();
  });

  it('refuses a window that ends before it starts, saving nothing', async () => {
    const user = userEvent.setup();
    const region = await openReminders();
    await user.click(within(region).getByRole('switch', { name: 'Testes de realidade' }));
    const to = within(region).getByLabelText('Até');
    await user.clear(to);
    await user.type(to, '09:00');
    await user.click(within(region).getByRole('button', { name: 'Salvar lembretes' }));
    expect(await within(region).findByText('O fim precisa ser depois do início.')).toBeInTheDocument();
    expect((await onServer()).settings.realityChecks.isEnabled).toBe(false);
  });

  it("'Testar notificação' says no device receives notifications yet", async () => {
    const user = userEvent.setup();
    const region = await openReminders();
    await user.click(within(region).getByRole('button', { name: 'Testar notificação' }));
    await waitFor(() =>
      expect(
        screen.getByText('Nenhum aparelho recebe notificações ainda: ative neste aparelho primeiro.'),
      ).toBeInTheDocument(),
    );
  });
});
