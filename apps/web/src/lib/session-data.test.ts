import { describe, expect, it } from 'vitest';
import { setupAppWithServer } from '@/test/app';
import { createUser, TEST_PASSWORD } from '@/test/server/real-server';
import { loadSupabase } from './load-supabase';
import { queryClient } from './query-client';

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
});
