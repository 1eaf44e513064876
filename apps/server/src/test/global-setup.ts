// vitest's global setup for the projects whose tests open databases (server, web): one PostgreSQL for the run and
// its migrated template (test/test-cluster.ts), stopped after the last file.
import { acquireTestCluster } from './test-cluster.ts';

export default async function setup(): Promise<() => Promise<void>> {
  return acquireTestCluster();
}
