import type { HealthResponse } from '@sonhario/contracts/health';
import type { Database } from '../../db/client.ts';
import { pingDatabase } from './health.repository.ts';

const PING_TIMEOUT_MS = 2000;

export async function checkHealth(database: Database): Promise<HealthResponse> {
  let ready = false;
  try {
    await Promise.race([
      pingDatabase(database.db),
      new Promise((_, reject) => setTimeout(() => reject(new Error('database ping timed out')), PING_TIMEOUT_MS).unref()),
    ]);
    ready = true;
  } catch {
    ready = false;
  }
  return {
    status: ready ? 'ok' : 'degraded',
    database: ready ? 'ready' : 'unavailable',
    databaseKind: database.kind,
    uptimeSeconds: Math.round(process.uptime()),
  };
}
