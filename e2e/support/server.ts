import { inject } from 'vitest';
import type { E2eServer } from './global-setup.ts';

/**
 * The server of this file's worker: vitest runs E2E_WORKERS journey files at a time and numbers their workers
 * (VITEST_POOL_ID, 1 to E2E_WORKERS), and the global setup started one server per worker, so no two files running
 * at once share a server (its clock, its outbox, its Stripe stand-in).
 */
export function testServer(): E2eServer {
  const servers = inject('servers');
  const id = Number(process.env.VITEST_POOL_ID ?? '1');
  const server = servers[(id - 1) % Math.max(1, servers.length)];
  if (!server) throw new Error(`no e2e server for worker ${String(id)} (the setup started ${String(servers.length)})`);
  return server;
}
