import { useCallback, useRef, useState } from 'react';

/**
 * The login page's one busy flag (spec section 4): which request is running, if any. While one runs,
 * every form button is disabled, so two requests never race.
 */
export function useBusy<Action extends string>() {
  const [busy, setBusy] = useState<Action | null>(null);
  const isRunning = useRef(false);
  const run = useCallback(async <T>(action: Action, task: () => Promise<T>): Promise<T | undefined> => {
    // A second submit in the same tick (before React disabled the buttons) is dropped.
    if (isRunning.current) return undefined;
    isRunning.current = true;
    setBusy(action);
    try {
      return await task();
    } finally {
      isRunning.current = false;
      setBusy(null);
    }
  }, []);
  return { busy, run };
}
