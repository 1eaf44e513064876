import { afterEach, describe, expect, it, vi } from 'vitest';
import { resolveTheme, storedTheme } from './theme';

describe('the theme read before the first render (main.tsx)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('is the night theme unless light or system was chosen on this device', () => {
    expect(storedTheme()).toBe('dark');
    localStorage.setItem('sonhario:theme', 'light');
    expect(storedTheme()).toBe('light');
    localStorage.setItem('sonhario:theme', 'system');
    expect(storedTheme()).toBe('system');
    localStorage.setItem('sonhario:theme', 'sepia');
    expect(storedTheme()).toBe('dark');
  });

  it("resolves 'system' with prefers-color-scheme", () => {
    expect(resolveTheme('light')).toBe('light');
    expect(resolveTheme('dark')).toBe('dark');
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
    expect(resolveTheme('system')).toBe('light');
    vi.stubGlobal('matchMedia', () => ({ matches: true }));
    expect(resolveTheme('system')).toBe('dark');
  });
});
