import { readFileSync } from 'node:fs';

/**
 * The services' clock for browser journeys (TEST_CLOCK_FILE): the real time plus the milliseconds the file holds
 * (none while it is missing or empty), read on every call so a journey can move to the next day between two clicks.
 */
export function fileClock(file: string): () => Date {
  return () => {
    let offset = 0;
    try {
      offset = Number(readFileSync(file, 'utf8').trim()) || 0;
    } catch {
      // no file yet: the real time
    }
    return new Date(Date.now() + offset);
  };
}
