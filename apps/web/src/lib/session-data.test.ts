import { QueryObserver } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setupAppWithServer } from '@/test/app';
import { createUser, TEST_PASSWORD } from '@/test/server/real-server';
import { loadSupabase } from './load-supabase';
import { queryClient } from './query-client';
import { holdDataFor, sessionGeneration } from './session-data';

setupAppWithServer();

const cached = () => queryClient.getQueryData(['me', 'profile']);
const remember = (of: string) => queryClient.setQueryData(['me', 'profile'], { of });

describe('the cached data of the signed-in user (the real supabase-js client against the real server)', () => {
  it('stays when a session begins, is refreshed or its user updated, and goes when it ends', async () => {
    const ana = await createUser();
    const { auth } = await loadSupabase();
    // What was asked before the session began (the public privacy facts) belongs to no one: kept.
    remember('visitor');
    await auth.signInWithPassword({ email: ana.email, password: TEST_PASSWORD });
    expect(cached()).toEqual({ of: 'visitor' });
    remember('ana');

    await auth.refreshSession();
    await auth.updateUser({ data: { first_name: 'Anita' } });
    expect(cached()).toEqual({ of: 'ana' });

    // Signed out on this device (as after a refused session, or 'Sair'): gone.
    await auth.signOut({ scope: 'local' });
    expect(cached()).toBeUndefined();
  });

  it("goes when another user's session takes the place of the first one", async () => {
    const [ana, bia] = await Promise.all([createUser(), createUser({ firstName: 'Bia' })]);
    const { auth } = await loadSupabase();
    await auth.signInWithPassword({ email: ana.email, password: TEST_PASSWORD });
    remember('ana');
    await auth.signInWithPassword({ email: bia.email, password: TEST_PASSWORD });
    expect(cached()).toBeUndefined();
    await auth.signOut({ scope: 'local' });
  });

  it("resets what another user's screens show and asks it again as that user, without dropping their queries", async () => {
    holdDataFor('a0000000-0000-4000-8000-000000000001');
    let calls = 0;
    // A screen showing the profile.
    const shown = new QueryObserver(queryClient, {
      queryKey: ['me', 'profile'],
      queryFn: () => Promise.resolve({ of: `answer ${++calls}` }),
    });
    const unsubscribe = shown.subscribe(() => undefined);
    await waitFor(() => expect(cached()).toEqual({ of: 'answer 1' }));
    const query = queryClient.getQueryCache().find({ queryKey: ['me', 'profile'] });
    queryClient.setQueryData(['me', 'not-shown'], 'ana');
    const before = sessionGeneration();

    holdDataFor('b0000000-0000-4000-8000-000000000002');
    expect(sessionGeneration()).toBe(before + 1);
    expect(cached()).toBeUndefined();
    expect(queryClient.getQueryData(['me', 'not-shown'])).toBeUndefined();
    // The shown query stays in the cache (its screen does not wait on a dropped one) and is asked again.
    expect(queryClient.getQueryCache().find({ queryKey: ['me', 'profile'] })).toBe(query);
    await waitFor(() => expect(shown.getCurrentResult().data).toEqual({ of: 'answer 2' }));
    unsubscribe();
  });
});
