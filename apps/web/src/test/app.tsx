import { cleanup, configure, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { routes } from '@/app/router';
import { queryClient } from '@/lib/query-client';
import { forgetSessionData } from '@/lib/session-data';
import { Toaster } from '@/components/ui/sonner';
import { startProxy, type TestProxy } from './server/proxy';
import { testServer, type TestUser } from './server/real-server';

/** Where supabase-js keeps the session for an auth URL on 127.0.0.1 (`sb-<first label of the host>-auth-token`). */
export const SESSION_STORAGE_KEY = 'sb-127-auth-token';

/**
 * The whole app (its real router, auth provider, supabase-js, API client and query cache) against the real server
 * of the web test project (test/server/global-setup.ts), through the thin proxy of test/server/proxy.ts. Call once
 * per test file, at the top level.
 */
export function setupAppWithServer(): { readonly server: TestProxy } {
  // Each screen is a lazy route whose data comes from a real server over HTTP: on a busy two-core machine an answer
  // may take longer than Testing Library's default second.
  configure({ asyncUtilTimeout: 5_000 });
  const holder = {} as { server: TestProxy };
  beforeAll(async () => {
    holder.server = await startProxy({ main: testServer.url, generative: testServer.generativeUrl });
    pointAppAt(holder.server.url);
  });
  afterEach(async () => {
    // Unmount first: pages write to localStorage on their way out (the dream draft), which must not leak.
    cleanup();
    toast.dismiss();
    // What the test's app still had on its way (a read a screen or a route's loader asked for as the test ended) is
    // let through and answered while it is still this test's, not counted among the next test's requests.
    holder.server.releaseHeld();
    await settleRequests();
    // As a sign-out does: an answer the previous test's app still awaited (a save it did not wait for) cannot put
    // that user's data back into the cache the next test starts with.
    forgetSessionData();
    localStorage.clear();
    holder.server.reset();
  });
  afterAll(() => holder.server.close());
  return holder;
}

/**
 * Waits (up to 2 s) until no query or mutation of the app's cache is under way. A query still looking its session up
 * is under way too: its request goes out and is answered before this resolves, so it reaches the proxy in this test.
 */
async function settleRequests() {
  const deadline = Date.now() + 2_000;
  while ((queryClient.isFetching() > 0 || queryClient.isMutating() > 0) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Points the app's runtime config (auth and API) at a server; before the app first reads it. */
function pointAppAt(url: string) {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="sonhario-config"]');
  if (!meta) throw new Error('test/setup.ts adds the runtime config meta tag');
  meta.content = JSON.stringify({
    supabaseUrl: url,
    supabaseAnonKey: testServer.anonKey,
    productName: 'Sonhário',
    apiUrl: url,
  });
}

/** Stores the user's real session as supabase-js does after sign-in: the app starts signed in, without a request. */
export function signInAs<T extends TestUser>(user: T): T {
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(user.session));
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
