import { describe, expect, it } from 'vitest';
import { redirectTargetFrom } from './redirect-target';

describe('redirectTargetFrom', () => {
  it('returns to the protected page that sent the user to /login, with its query', () => {
    expect(redirectTargetFrom({ from: { pathname: '/app', search: '?tab=1', hash: '' } })).toBe('/app?tab=1');
    expect(redirectTargetFrom({ from: { pathname: '/app/dreams' } })).toBe('/app/dreams');
  });

  it('goes to /app without a usable `from`', () => {
    expect(redirectTargetFrom(null)).toBe('/app');
    expect(redirectTargetFrom({})).toBe('/app');
    expect(redirectTargetFrom({ from: 'https://evil.example/' })).toBe('/app');
    expect(redirectTargetFrom({ from: { pathname: '//evil.example/x' } })).toBe('/app');
    expect(redirectTargetFrom({ from: { pathname: '/login' } })).toBe('/app');
  });
});
