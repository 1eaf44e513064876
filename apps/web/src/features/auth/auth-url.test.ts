import { describe, expect, it } from 'vitest';
import { readAuthRedirect } from './auth-url';

describe('readAuthRedirect', () => {
  it('finds a session from an e-mail link with its type', () => {
    expect(readAuthRedirect('#access_token=abc&expires_in=3600&refresh_token=r&token_type=bearer&type=signup')).toEqual(
      {
        kind: 'session',
        type: 'signup',
      },
    );
    expect(readAuthRedirect('#access_token=abc&type=recovery')).toEqual({ kind: 'session', type: 'recovery' });
  });

  it('finds a session from Google, which carries no type', () => {
    expect(readAuthRedirect('#access_token=abc&provider_token=p')).toEqual({ kind: 'session', type: null });
  });

  it('finds an error, decoding its description', () => {
    expect(
      readAuthRedirect(
        '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
      ),
    ).toEqual({
      kind: 'error',
      error: 'access_denied',
      code: 'otp_expired',
      description: 'Email link is invalid or has expired',
    });
  });

  it('ignores ordinary fragments', () => {
    expect(readAuthRedirect('')).toEqual({ kind: 'none' });
    expect(readAuthRedirect('#main-content')).toEqual({ kind: 'none' });
    expect(readAuthRedirect('#pricing')).toEqual({ kind: 'none' });
  });
});
