import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSession, makeUser } from '@/test/auth';
import { AuthProvider, type AuthClientLike, type AuthEventListener } from './auth-provider';
import { useAuth } from '@/hooks/use-auth';

/** A stand-in for supabase-js's `auth` whose answers the test releases by hand. */
function controllableClient() {
  let listener: AuthEventListener | undefined;
  let resolveSession: (session: Session | null) => void = () => {};
  const unsubscribe = vi.fn();
  const client: AuthClientLike = {
    getSession: () =>
      new Promise((resolve) => {
        resolveSession = (session) => resolve({ data: { session } });
      }),
    onAuthStateChange: (callback) => {
      listener = callback;
      return { data: { subscription: { unsubscribe } } };
    },
  };
  return {
    load: () => Promise.resolve(client),
    emit: (event: AuthChangeEvent, session: Session | null) => act(() => listener?.(event, session)),
    answerSessionLookup: (session: Session | null) => act(async () => resolveSession(session)),
    isSubscribed: () => listener !== undefined,
    unsubscribe,
  };
}

function AuthProbe() {
  const { user, session, loading } = useAuth();
  return (
    <dl>
      <dt>loading</dt>
      <dd data-testid="loading">{String(loading)}</dd>
      <dt>user</dt>
      <dd data-testid="user">{user?.email ?? 'none'}</dd>
      <dt>session</dt>
      <dd data-testid="session">{session?.access_token ?? 'none'}</dd>
    </dl>
  );
}

const probe = () => ({
  loading: screen.getByTestId('loading').textContent,
  user: screen.getByTestId('user').textContent,
  session: screen.getByTestId('session').textContent,
});

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('AuthProvider (spec section 4)', () => {
  it('starts loading with no user and no session, and stops at the first session lookup', async () => {
    const client = controllableClient();
    render(
      <AuthProvider loadClient={client.load}>
        <AuthProbe />
      </AuthProvider>,
    );
    expect(probe()).toEqual({ loading: 'true', user: 'none', session: 'none' });

    await waitFor(() => expect(client.isSubscribed()).toBe(true));
    const session = makeSession(makeUser({ email: 'bia@example.com' }));
    await client.answerSessionLookup(session);
    expect(probe()).toEqual({ loading: 'false', user: 'bia@example.com', session: 'access-token' });
  });

  it('stops loading at the first auth event when it comes before the lookup, which then cannot overwrite it', async () => {
    const client = controllableClient();
    render(
      <AuthProvider loadClient={client.load}>
        <AuthProbe />
      </AuthProvider>,
    );
    await waitFor(() => expect(client.isSubscribed()).toBe(true));

    client.emit('INITIAL_SESSION', null);
    expect(probe()).toEqual({ loading: 'false', user: 'none', session: 'none' });

    // A stale lookup answer arriving later must not bring back an older session.
    await client.answerSessionLookup(makeSession());
    expect(probe()).toEqual({ loading: 'false', user: 'none', session: 'none' });
  });

  it('replaces session and user on every event, with no user when the session is gone', async () => {
    const client = controllableClient();
    const onAuthEvent = vi.fn();
    render(
      <AuthProvider loadClient={client.load} onAuthEvent={onAuthEvent}>
        <AuthProbe />
      </AuthProvider>,
    );
    await waitFor(() => expect(client.isSubscribed()).toBe(true));

    const first = makeSession(makeUser({ email: 'ana@example.com' }));
    client.emit('SIGNED_IN', first);
    expect(probe().user).toBe('ana@example.com');

    const refreshed = { ...first, access_token: 'refreshed-token' };
    client.emit('TOKEN_REFRESHED', refreshed);
    expect(probe()).toEqual({ loading: 'false', user: 'ana@example.com', session: 'refreshed-token' });

    client.emit('SIGNED_OUT', null);
    expect(probe()).toEqual({ loading: 'false', user: 'none', session: 'none' });
    expect(onAuthEvent.mock.calls.map(([event]) => event)).toEqual(['SIGNED_IN', 'TOKEN_REFRESHED', 'SIGNED_OUT']);
  });

  it('unsubscribes when unmounted', async () => {
    const client = controllableClient();
    const { unmount } = render(
      <AuthProvider loadClient={client.load}>
        <AuthProbe />
      </AuthProvider>,
    );
    await waitFor(() => expect(client.isSubscribed()).toBe(true));
    unmount();
    expect(client.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('treats a client that fails to load as signed out instead of loading forever', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <AuthProvider loadClient={() => Promise.reject(new Error('chunk failed'))}>
        <AuthProbe />
      </AuthProvider>,
    );
    await waitFor(() => expect(probe().loading).toBe('false'));
    expect(probe().user).toBe('none');
    expect(consoleError).toHaveBeenCalled();
  });

  it('with the real supabase-js client: a session kept in localStorage signs the user in without a request', async () => {
    const session = makeSession(makeUser({ email: 'kept@example.com' }));
    // supabase-js keeps the session under sb-<first host label>-auth-token; jsdom runs on localhost.
    localStorage.setItem('sb-localhost-auth-token', JSON.stringify(session));
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    render(
      <AuthProvider>
        <AuthProbe />
      </AuthProvider>,
    );
    expect(probe().loading).toBe('true');
    await waitFor(() => expect(probe().loading).toBe('false'));
    expect(probe()).toEqual({ loading: 'false', user: 'kept@example.com', session: 'access-token' });
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
