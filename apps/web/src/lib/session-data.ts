import { queryClient } from './query-client';
import { nextSessionGeneration } from './session-generation';

/**
 * Forgets everything cached for the user who was signed in (sign-out, a deleted account, a session ended elsewhere).
 * The query cache goes now; an answer still on its way (a save sent just before 'Sair') is refused when it lands
 * (`apiRequest`), so its success handler cannot put the previous user's data back into the emptied cache, where the
 * next person to sign in on this device would see it.
 */
export function forgetSessionData() {
  nextSessionGeneration();
  queryClient.clear();
}
