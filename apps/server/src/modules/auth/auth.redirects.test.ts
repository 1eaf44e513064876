import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createRedirectPolicy, withError, withFragment, withQuery } from './auth.redirects.ts';

const policy = createRedirectPolicy(
  loadConfig({
    SITE_URL: 'https://sonhos.example',
    ADDITIONAL_REDIRECT_URLS: 'https://preview.sonhos.example/app, sonhario://auth-callback',
  }),
);

describe('redirect_to allow-list', () => {
  it.each([
    ['https://sonhos.example/app/dreams?x=1', 'https://sonhos.example/app/dreams?x=1'],
    ['https://preview.sonhos.example/app', 'https://preview.sonhos.example/app'],
    ['https://preview.sonhos.example/app/settings', 'https://preview.sonhos.example/app/settings'],
    ['sonhario://auth-callback?x=1', 'sonhario://auth-callback?x=1'],
  ])('accepts %s', (candidate, expected) => {
    expect(policy.resolve(candidate)).toBe(expected);
  });

  it.each([
    'https://evil.example/',
    'https://sonhos.example.evil.example/',
    'http://sonhos.example/', // another scheme is another origin
    'https://preview.sonhos.example/application',
    'https://preview.sonhos.example/',
    'javascript:alert(1)',
    'https://user:pass@sonhos.example/',
    '//evil.example/',
    'not a url',
    '',
    // A production site never trusts loopback: any program on the user's machine can listen there.
    'http://localhost:4444/steal',
    'http://127.0.0.1:9999/cb',
    'http://[::1]:3000/',
  ])('falls back to the site root for %s', (candidate) => {
    expect(policy.resolve(candidate)).toBe('https://sonhos.example/');
  });

  it('admits the site and listed origins for CORS, nothing else (no loopback in production)', () => {
    expect(policy.isAllowedOrigin('https://sonhos.example')).toBe(true);
    expect(policy.isAllowedOrigin('http://localhost:5173')).toBe(false);
    expect(policy.isAllowedOrigin('http://127.0.0.1:4444')).toBe(false);
    expect(policy.isAllowedOrigin('https://preview.sonhos.example')).toBe(true);
    expect(policy.isAllowedOrigin('https://evil.example')).toBe(false);
    expect(policy.isAllowedOrigin('null')).toBe(false);
  });
});

describe('ADDITIONAL_REDIRECT_URLS matched as URLs, not as text', () => {
  const listed = createRedirectPolicy(
    loadConfig({
      SITE_URL: 'https://sonhos.example',
      ADDITIONAL_REDIRECT_URLS: 'myapp://callback, https://app.example.com, https://cb.example.com:8443/callback',
    }),
  );

  it.each([
    'myapp://callback',
    'myapp://callback/done?code=1',
    'https://app.example.com/anything',
    'https://cb.example.com:8443/callback',
    'https://cb.example.com:8443/callback/x',
  ])('accepts %s', (candidate) => {
    expect(listed.resolve(candidate)).toBe(new URL(candidate).href);
  });

  it.each([
    'myapp://callbackevil', // another host, though the text starts the same
    'myapp://callback.evil.net/',
    'myapp://callback:1234/',
    'myappx://callback',
    'myapp:callback',
    'https://app.example.com.evil.net/',
    'https://cb.example.com:8443/callbackx',
    'https://cb.example.com/callback/x', // another port
    'http://cb.example.com:8443/callback', // another scheme
  ])('falls back to the site root for %s', (candidate) => {
    expect(listed.resolve(candidate)).toBe('https://sonhos.example/');
  });

  it('refuses dot segments that a deep link keeps unresolved', () => {
    const opaque = createRedirectPolicy(
      loadConfig({ SITE_URL: 'https://sonhos.example', ADDITIONAL_REDIRECT_URLS: 'myapp:callback' }),
    );
    expect(opaque.resolve('myapp:callback/x')).toBe('myapp:callback/x');
    expect(opaque.resolve('myapp:callback/../admin')).toBe('https://sonhos.example/');
    expect(opaque.resolve('myapp:callback/%2e%2E/admin')).toBe('https://sonhos.example/');
    expect(opaque.resolve('myapp:callbackevil')).toBe('https://sonhos.example/');
  });
});

describe('a development site (SITE_URL on loopback)', () => {
  const dev = createRedirectPolicy(loadConfig({ SITE_URL: 'http://localhost:3000' }));

  it.each(['http://localhost:5173/', 'http://127.0.0.1:9999/cb', 'http://[::1]:3000/'])(
    'admits loopback on any port: %s',
    (candidate) => {
      expect(dev.resolve(candidate)).toBe(candidate);
      expect(dev.isAllowedOrigin(new URL(candidate).origin)).toBe(true);
    },
  );

  it('still refuses other hosts', () => {
    expect(dev.resolve('https://evil.example/')).toBe('http://localhost:3000/');
    expect(dev.isAllowedOrigin('https://evil.example')).toBe(false);
  });
});

describe('redirect builders', () => {
  it('puts the session in the fragment, replacing any fragment', () => {
    expect(withFragment('https://a.example/x?y=1#old', { access_token: 't', type: 'signup' })).toBe(
      'https://a.example/x?y=1#access_token=t&type=signup',
    );
  });

  it('adds the code to the query', () => {
    expect(withQuery('https://a.example/x?y=1', { code: 'c' })).toBe('https://a.example/x?y=1&code=c');
  });

  it('puts errors in the fragment, and in the query too for PKCE, dropping stale query parameters', () => {
    const error = { error: 'access_denied', code: 'otp_expired', description: 'Email link is invalid or has expired' };
    expect(withError('https://a.example/x?code=old', error, false)).toBe(
      'https://a.example/x#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
    );
    expect(new URL(withError('https://a.example/x?code=old', error, true)).search).toBe(
      '?error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
    );
  });
});
