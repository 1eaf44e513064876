import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { NotFoundRoute } from './not-found';

function renderAt(entries: string[]) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <h1>Home page</h1> },
      { path: '/previous', element: <h1>Previous page</h1> },
      { path: '*', Component: NotFoundRoute },
    ],
    { initialEntries: entries, initialIndex: entries.length - 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  consoleError.mockRestore();
});

describe('404 page', () => {
  it('shows the title and the message word for word', () => {
    renderAt(['/previous', '/no/such/dream']);
    expect(screen.getByRole('heading', { level: 1, name: 'Lost in the Dream Realm' })).toBeInTheDocument();
    expect(
      screen.getByText(
        "It seems you've wandered into a part of the subconscious that doesn't exist yet. Let's guide you back to reality.",
      ),
    ).toBeInTheDocument();
  });

  it('logs the unknown path to the console', () => {
    renderAt(['/previous', '/no/such/dream']);
    expect(consoleError).toHaveBeenCalledWith(
      '404 Error: User attempted to access non-existent route:',
      '/no/such/dream',
    );
  });

  it('Go Back returns to the previous history entry', async () => {
    const user = userEvent.setup();
    const router = renderAt(['/previous', '/no/such/dream']);
    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(await screen.findByRole('heading', { name: 'Previous page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/previous');
    expect(router.state.historyAction).toBe('POP');
  });

  it('Go Back goes home when the page was opened directly (no history to go back to)', async () => {
    const user = userEvent.setup();
    const router = renderAt(['/no/such/dream']);
    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('Return Home links to /', async () => {
    const user = userEvent.setup();
    const router = renderAt(['/previous', '/no/such/dream']);
    const link = screen.getByRole('link', { name: 'Return Home' });
    expect(link).toHaveAttribute('href', '/');
    await user.click(link);
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
