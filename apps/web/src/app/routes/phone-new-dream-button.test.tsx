import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, setupAppWithServer, signInAs } from '@/test/app';
import { createDreams, createUser } from '@/test/server/real-server';

setupAppWithServer();

// Phone-only by CSS (`sm:hidden`, checked in e2e/reach-form.e2e.ts at 390 and 1280 px); here: where it is rendered.
const phoneButton = () => screen.queryByTestId('phone-new-dream');

describe("the phone's 'Novo sonho' button (issue 19)", () => {
  // The journal (/app/dreams) is the third test's page.
  it('is on the app screens, after the page, leading to the dream form', async () => {
    const account = signInAs(await createUser());
    const [dream] = await createDreams(account, [{ title: 'O rio', content: 'Um rio calmo.' }]);
    const { router } = renderApp('/app');
    await screen.findByRole('heading', { level: 1, name: /^Olá, / });
    for (const [path, heading] of [
      ['/app', /^Olá, /],
      [`/app/dreams/${dream!.id}`, 'O rio'],
    ] as const) {
      await router.navigate(path);
      await screen.findByRole('heading', { level: 1, name: heading });
      const button = phoneButton();
      expect(button, path).toHaveAccessibleName('Novo sonho');
      expect(button).toHaveAttribute('href', '/app/dreams/new');
      expect(button).toBeVisible();
      // After the main content in reading (and Tab) order, not in the middle of it.
      expect(screen.getByRole('main').compareDocumentPosition(button!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(within(screen.getByRole('banner')).queryByRole('link', { name: 'Novo sonho' })).not.toBeInTheDocument();
    }
  });

  it('is not on the dream form, new or edit', async () => {
    const account = signInAs(await createUser());
    const [dream] = await createDreams(account, [{ title: 'O rio', content: 'Um rio calmo.' }]);
    const { router } = renderApp('/app/dreams/new');
    await screen.findByRole('form', { name: 'Novo sonho' });
    expect(phoneButton()).not.toBeInTheDocument();
    await router.navigate(`/app/dreams/${dream!.id}/edit`);
    await screen.findByRole('form', { name: 'Editar sonho' });
    expect(phoneButton()).not.toBeInTheDocument();
  });

  it('steps aside while a text field has the focus (the keyboard is up), and opens the form ready to type', async () => {
    const user = userEvent.setup();
    signInAs(await createUser());
    const { router } = renderApp('/app/dreams');
    const search = await screen.findByRole('searchbox', { name: 'Buscar nos sonhos' });
    await user.click(search);
    await waitFor(() => expect(phoneButton()).not.toBeVisible());
    await user.click(screen.getByRole('heading', { level: 1 }));
    await waitFor(() => expect(phoneButton()).toBeVisible());
    await user.click(phoneButton()!);
    const form = await screen.findByRole('form', { name: 'Novo sonho' });
    expect(router.state.location.pathname).toBe('/app/dreams/new');
    await waitFor(() => expect(within(form).getByLabelText('O que você sonhou?')).toHaveFocus());
  });
});
