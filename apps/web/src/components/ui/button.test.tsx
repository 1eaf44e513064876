import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Button } from './button';

describe('Button', () => {
  it('is a non-submitting button by default', () => {
    render(<Button>Save</Button>);
    expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute('type', 'button');
  });

  it('keeps an explicit submit type', () => {
    render(<Button type="submit">Entrar</Button>);
    expect(screen.getByRole('button', { name: 'Entrar' })).toHaveAttribute('type', 'submit');
  });

  it('with asChild renders its child element with the button styles', () => {
    render(
      <Button asChild variant="outline">
        <a href="/login">Entrar</a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Entrar' });
    expect(link).toHaveAttribute('href', '/login');
    expect(link).not.toHaveAttribute('type');
    expect(link).toHaveAttribute('data-slot', 'button');
    expect(link.className).toContain('border');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
