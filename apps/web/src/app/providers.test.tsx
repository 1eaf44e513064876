import { act, render, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it } from 'vitest';
import { Providers } from './providers';

describe('Providers', () => {
  it('renders the app and a toast outlet that shows error toasts in the destructive style', async () => {
    render(
      <Providers>
        <p>app content</p>
      </Providers>,
    );
    expect(screen.getByText('app content')).toBeInTheDocument();

    // The toaster arrives in its own chunk; wait for its live region before raising a toast.
    await screen.findByRole('region', { name: /notifications/i });
    act(() => {
      toast.error('Erro no login', { description: 'Email ou senha incorretos' });
    });

    const title = await screen.findByText('Erro no login');
    expect(screen.getByText('Email ou senha incorretos')).toBeInTheDocument();
    expect(title.closest('[data-sonner-toast]')).toHaveClass('bg-destructive-surface!');
  });
});
