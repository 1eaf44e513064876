// Throughput of GET /api/v1/health (the whole product stack: security headers, logging, a database ping)
// against a bare Fastify route, measured in the same run so the ratio is what matters, not the machine.
import { load, printTable } from './support/load.ts';
import { startBareFastify, startProductServer } from './support/servers.ts';

const duration = Number(process.env.BENCH_DURATION ?? 8);
const product = await startProductServer();
const bare = await startBareFastify();
try {
  // Warm both up so JIT and the database are in a steady state.
  await load('warmup', `${product.url}/api/v1/health`, { duration: 2 });
  await load('warmup', `${bare.url}/hello`, { duration: 2 });
  const health = await load('GET /api/v1/health (Sonhário)', `${product.url}/api/v1/health`, { duration });
  const hello = await load('GET /hello (bare Fastify)', `${bare.url}/hello`, { duration });
  printTable([health, hello]);
  console.log(`ratio health / bare = ${(health.requestsPerSecond / hello.requestsPerSecond).toFixed(2)}`);
} finally {
  await product.stop();
  await bare.stop();
}
