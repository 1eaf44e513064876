import type { HealthResponse } from '@sonhario/contracts/health';
import type { Database } from '../../db/client.ts';
import { pingDatabase } from './health.repository.ts';

const PING_TIMEOUT_MS = 2000;
/**
 * A readiness answer may be this old. Load balancers and monitors poll health constantly; one database
 * round trip per poll would make the probe itself a load (on PGlite a ping costs ~0.3 ms of the only thread).
 */
export const READINESS_TTL_MS = 1000;

interface Probe {
  checkedAt: number;
  ready: boolean;
  inFlight?: Promise<boolean>;
}

const probes = new WeakMap<Database, Probe>();

async function ping(database: Database): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      pingDatabase(database.db),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('database ping timed out')), PING_TIMEOUT_MS);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

async function isDatabaseReady(database: Database, now: number): Promise<boolean> {
  let probe = probes.get(database);
  if (probe && now - probe.checkedAt < READINESS_TTL_MS) return probe.ready;
  if (probe?.inFlight) return probe.inFlight;
  probe ??= { checkedAt: 0, ready: false };
  probes.set(database, probe);
  const current = probe;
  current.inFlight = ping(database).then((ready) => {
    current.ready = ready;
    current.checkedAt = Date.now();
    current.inFlight = undefined;
    return ready;
  });
  return current.inFlight;
}

export async function checkHealth(database: Database, now = Date.now()): Promise<HealthResponse> {
  const ready = await isDatabaseReady(database, now);
  return {
    status: ready ? 'ok' : 'degraded',
    database: ready ? 'ready' : 'unavailable',
    databaseKind: database.kind,
    uptimeSeconds: Math.round(process.uptime()),
  };
}
