import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '@/lib/preferences';
import { SupportCard } from './support-card';

afterEach(async () => {
  await applyLanguage('pt-BR');
});

describe('SupportCard', () => {
  it('in Portuguese points to CVV: call 188, chat on cvv.org.br, free and 24 hours, and the emergency numbers', async () => {
    await applyLanguage('pt-BR');
    render(<SupportCard />);
    const card = screen.getByRole('complementary', { name: 'Você não está sozinho' });
    expect(within(card).getByRole('heading', { level: 3 })).toHaveTextContent('Você não está sozinho');
    expect(within(card).getByRole('link', { name: 'Ligar para o 188' })).toHaveAttribute('href', 'tel:188');
    expect(within(card).getByRole('link', { name: /cvv\.org\.br/ })).toHaveAttribute('href', 'https://cvv.org.br');
    expect(card).toHaveTextContent('gratuito e sigiloso, 24 horas por dia');
    expect(card).toHaveTextContent('Em perigo imediato, ligue 192 (SAMU) ou 190.');
    expect(within(card).queryByRole('link', { name: /findahelpline/ })).not.toBeInTheDocument();
  });

  it('in English points to an international line (findahelpline.com) and the local emergency number, not CVV', async () => {
    await applyLanguage('en');
    render(<SupportCard level={4} />);
    const card = screen.getByRole('complementary', { name: 'You are not alone' });
    expect(within(card).getByRole('heading', { level: 4 })).toHaveTextContent('You are not alone');
    const line = within(card).getByRole('link', { name: /Find a helpline on findahelpline\.com/ });
    expect(line).toHaveAttribute('href', 'https://findahelpline.com');
    expect(line).toHaveAttribute('target', '_blank');
    expect(line).toHaveAttribute('rel', 'noopener noreferrer');
    expect(card).toHaveTextContent('If you are in immediate danger, call your local emergency number.');
    expect(card).not.toHaveTextContent(/CVV|188/);
    expect(within(card).queryByRole('link', { name: /188/ })).not.toBeInTheDocument();
  });
});
