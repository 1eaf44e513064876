import { rm, writeFile } from 'node:fs/promises';
import { afterEach } from 'vitest';
import { testServer } from './server.ts';

const DAY_MS = 86_400_000;

/**
 * Moves the server's services' clock (TEST_CLOCK_FILE) by whole days from now: `setServerDay(-2)` makes the server
 * record dreams two days ago. Every journey that moves it goes back to the real time after each test.
 */
export function useServerClock() {
  afterEach(async () => {
    await rm(testServer().clockFile, { force: true });
  });
  return {
    async setServerDay(daysFromToday: number) {
      await writeFile(testServer().clockFile, String(daysFromToday * DAY_MS));
    },
  };
}
