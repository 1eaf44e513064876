import { createClient } from '@supabase/supabase-js';
import { getRuntimeConfig } from './runtime-config';
import { holdDataFor } from './session-data';

const { supabaseUrl, supabaseAnonKey } = getRuntimeConfig();

if (!supabaseAnonKey) {
  // The server injects the anon key into index.html; without it every auth call would be refused anyway.
  throw new Error(
    'Missing supabaseAnonKey in <meta name="sonhario-config">: serve the app through the Sonhário server.',
  );
}

/**
 * The one auth client, with supabase-js's defaults: implicit flow, session kept in localStorage, tokens
 * refreshed automatically, sessions picked up from e-mail and Google redirects (detectSessionInUrl).
 *
 * Never import this module statically: go through loadSupabase() (lib/load-supabase.ts).
 */
export const supabase = createClient(supabaseUrl, supabaseAnonKey);

/**
 * Whoever was signed in is gone (signed out here or elsewhere, the session refused by the server, another user's
 * session in its place): so is what the app cached for them (lib/session-data.ts). Here, in the auth client's own
 * chunk, rather than in the auth provider: the landing page's entry carries no query cache.
 */
supabase.auth.onAuthStateChange((_event, session) => holdDataFor(session?.user.id ?? null));
