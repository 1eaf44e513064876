import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPart } from './lazy-part';

function Greeting({ name }: { name: string }) {
  return <p>Olá, {name}</p>;
}

/** A part's code as the network delivers it: each request answered by the next outcome, fetched or lost. */
function partNetwork(outcomes: ('fetched' | 'lost')[]) {
  const requests: string[] = [];
  const load = () => {
    const outcome = outcomes[requests.length] ?? 'fetched';
    requests.push(outcome);
    return outcome === 'fetched'
      ? Promise.resolve({ default: Greeting })
      : Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
  };
  return { load, requests };
}

function Page({ Part }: { Part: ReturnType<typeof lazyPart<typeof Greeting>> }) {
  return (
    <main>
      <h1>Diário</h1>
      <Part
        name="Ana"
        loading={<span>carregando</span>}
        failed={(retry) => (
          <button type="button" onClick={retry}>
            Tentar de novo
          </button>
        )}
      />
    </main>
  );
}

describe('lazyPart: a lazy part whose code does not arrive', () => {
  // React reports the caught load failure on the console (createRoot's onCaughtError), as it does in the browser.
  afterEach(() => vi.restoreAllMocks());
  const quietConsole = () => vi.spyOn(console, 'error').mockImplementation(() => undefined);

  it('renders its props once loaded, with the loading slot meanwhile', async () => {
    const { load } = partNetwork(['fetched']);
    const Part = lazyPart(load);
    render(<Page Part={Part} />);
    expect(screen.getByText('carregando')).toBeInTheDocument();
    expect(await screen.findByText('Olá, Ana')).toBeInTheDocument();
  });

  it('keeps the failure in its place, and a retry asks for the code again', async () => {
    quietConsole();
    const { load, requests } = partNetwork(['lost', 'fetched']);
    const Part = lazyPart(load);
    render(<Page Part={Part} />);

    const retry = await screen.findByRole('button', { name: 'Tentar de novo' });
    // The rest of the page is still there.
    expect(screen.getByRole('heading', { name: 'Diário' })).toBeInTheDocument();
    expect(screen.queryByText('Olá, Ana')).not.toBeInTheDocument();

    await userEvent.setup().click(retry);
    expect(await screen.findByText('Olá, Ana')).toBeInTheDocument();
    expect(requests).toEqual(['lost', 'fetched']);
  });

  it('asks again when the browser comes back online, once per failure', async () => {
    quietConsole();
    const { load, requests } = partNetwork(['lost', 'lost', 'fetched']);
    const Part = lazyPart(load);
    render(<Page Part={Part} />);
    await screen.findByRole('button', { name: 'Tentar de novo' });

    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    // Lost again: the failure shows again, and the next 'online' asks once more.
    await screen.findByRole('button', { name: 'Tentar de novo' });
    expect(requests).toEqual(['lost', 'lost']);

    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('Olá, Ana')).toBeInTheDocument();
    expect(requests).toEqual(['lost', 'lost', 'fetched']);

    // Loaded: another 'online' asks for nothing.
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.getByText('Olá, Ana')).toBeInTheDocument();
    expect(requests).toHaveLength(3);
  });

  it('does not keep a failed import: the next page to show the part asks for it', async () => {
    quietConsole();
    const { load, requests } = partNetwork(['lost', 'fetched']);
    const Part = lazyPart(load);
    const first = render(<Page Part={Part} />);
    await screen.findByRole('button', { name: 'Tentar de novo' });
    first.unmount();

    render(<Page Part={Part} />);
    expect(await screen.findByText('Olá, Ana')).toBeInTheDocument();
    expect(requests).toEqual(['lost', 'fetched']);
  });

  it('shows the loading slot on failure when no failed slot is given, and the rest of the page stays', async () => {
    const reported = quietConsole();
    const { load } = partNetwork(['lost']);
    const Part = lazyPart(load);
    render(
      <main>
        <h1>Diário</h1>
        <Part name="Ana" loading={<span>carregando</span>} />
      </main>,
    );
    // React reports the failure it caught; an uncaught one would have emptied the whole root.
    await vi.waitFor(() => expect(reported).toHaveBeenCalled());
    expect(screen.getByRole('heading', { name: 'Diário' })).toBeInTheDocument();
    expect(screen.getByText('carregando')).toBeInTheDocument();
  });
});
