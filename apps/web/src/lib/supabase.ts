import { createClient } from '@supabase/supabase-js';
import { getRuntimeConfig } from './runtime-config';

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
