import { queryClient } from './query-client';

let generation = 0;
/** The user whose data the cache holds: set by the first session event or API call after a forgetting. */
let owner: string | null = null;

/** Which user's turn the app's data belongs to; moves on each time that data is forgotten. */
export const sessionGeneration = () => generation;

/**
 * Forgets everything cached for the user who was signed in (sign-out, a deleted account, a session ended elsewhere,
 * another user's session in its place). The cache goes now; an answer still on its way (a save sent just before
 * 'Sair') is refused when it lands (`apiRequest`), so its success handler cannot put the previous user's data back
 * into the emptied cache, where the next person to sign in on this device would see it.
 *
 * `leaving`: the signed-in screens are going away (sign-out, /login): everything is dropped at once. `staying`: the
 * screens stay, now another user's: what they show is reset and asked again, so nothing waits on a dropped query.
 */
export function forgetSessionData(screens: 'leaving' | 'staying' = 'leaving') {
  generation += 1;
  owner = null;
  if (screens === 'leaving') {
    queryClient.clear();
    return;
  }
  queryClient.getMutationCache().clear();
  queryClient.removeQueries({ type: 'inactive' });
  for (const query of queryClient.getQueryCache().getAll()) query.reset();
  // Asked again once the auth event that told us is over: supabase-js holds its lock while its listeners run, and a
  // request (which reads the session) from inside one would wait for itself.
  setTimeout(() => void queryClient.refetchQueries({ type: 'active' }), 0);
}

/**
 * Called with the user of each session event (null: signed out) and of each API call's token. A user other than
 * the one whose data the cache holds makes the app forget that data first; a refreshed token or an updated user,
 * the same user, keeps it.
 */
export function holdDataFor(userId: string | null) {
  if (owner !== null && userId !== owner) forgetSessionData(userId === null ? 'leaving' : 'staying');
  if (userId !== null) owner = userId;
}
