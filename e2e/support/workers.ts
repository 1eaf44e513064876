import { availableParallelism } from 'node:os';

/**
 * How many browser-journey files run at once, each against a server of its own (E2E_WORKERS). One on a machine of
 * fewer than four cores: a journey keeps more than one core busy (Chromium, the server, the test), and on two cores
 * two files at once each ran about twice as slow, one past its time limit, for no gain (bench/README.md).
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS) || (availableParallelism() >= 4 ? 2 : 1));
