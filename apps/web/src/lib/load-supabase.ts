import type { SupabaseClient } from '@supabase/supabase-js';

/**
 * The one way to reach the auth client. supabase-js is ~50 KB gzip, so it always arrives through this
 * dynamic import, never a static one: the landing page's entry has no room for it (≤ 120 KB budget),
 * and a module that is imported both statically and dynamically makes the bundler (Rolldown) split
 * shared code out of the entry chunk into extra chunks the landing page must preload.
 */
export function loadSupabase(): Promise<SupabaseClient> {
  return import('./supabase').then((module) => module.supabase);
}
