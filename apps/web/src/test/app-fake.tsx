import { cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { routes } from '@/app/router';
import { Toaster } from '@/components/ui/sonner';
import { startApiServer, type ApiTestServer } from './api-server';
import { makeSession, makeUser } from './auth';

/**
 * The whole app (its real router, auth provider, supabase-js, API client and query cache) against the
 * in-memory journal server of `api-server.ts`. Call once per test file, at the top level.
 */
export function useAppWithApiServer(): { readonly server: ApiTestServer } {
  const holder = {} as { server: ApiTestServer };
  beforeAll(async () => {
    holder.server = await startApiServer();
    const meta = document.querySelector<HTMLMetaElement>('meta[name="sonhario-config"]');
    if (!meta) throw new Error('test/setup.ts adds the runtime config meta tag');
    // Auth and API on the test server: the stored session is read from localStorage, so auth makes no request.
    meta.content = JSON.stringify({
      supabaseUrl: holder.server.url,
      supabaseAnonKey: 'test-anon-key',
      productName: 'Sonhário',
      apiUrl: holder.server.url,
    });
  });
  afterEach(() => {
    // Unmount first: pages write to localStorage on their way out (the dream draft), which must not leak.
    cleanup();
    toast.dismiss();
    queryClient.clear();
    localStorage.clear();
    holder.server.reset();
  });
  afterAll(() => holder.server.close());
  return holder;
}

/** Stores a session as supabase-js does after sign-in (the key is `sb-<first label of the auth host>-auth-token`). */
export function signInAs(user = makeUser()) {
  localStorage.setItem('sb-127-auth-token', JSON.stringify(makeSession(user)));
  return user;
}

/** Renders the app at a path (or a history of paths, the last one current). */
export function renderApp(path: string | string[]) {
  const router = createMemoryRouter(routes, { initialEntries: Array.isArray(path) ? path : [path] });
  const view = render(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
  return { router, ...view };
}
