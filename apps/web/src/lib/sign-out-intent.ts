/**
 * Set while the user's own "Sair" runs. Signing out empties the session before the move to '/', and a
 * protected page re-rendering in between would otherwise send the user to /login instead of '/'.
 * Cleared when the app arrives at '/'.
 */
let isPending = false;

export const beginSignOut = () => {
  isPending = true;
};
export const endSignOut = () => {
  isPending = false;
};
export const isSignOutPending = () => isPending;
