import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const isOnlineNow = () => navigator.onLine;
// Prerendering has no network to speak of: it renders the online state.
const isOnlineOnServer = () => true;

/** Whether the browser believes it is online (`navigator.onLine`), following its 'online' and 'offline' events. */
export function useIsOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnlineNow, isOnlineOnServer);
}
