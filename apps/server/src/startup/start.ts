// The server's start, step by step (docs/decisions/033): quick checks first (port, Redis, PostgreSQL), then the
// database, migrations, secrets and key store (buildApp), then listening. Every failure reaches main as an error
// that startupFailureSentence turns into one sentence.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from '../app.ts';
import type { AppInstance } from '../app.types.ts';
import { loadConfig, StartupError, type Config } from '../config.ts';
import { startupFailureSentence } from '../startup-failure.ts';
import { startIdleCollector } from '../lib/idle-memory.ts';
import { fileClock } from '../test-clock.ts';
import { checkPortFree, checkPostgres, checkRedis, describeListenError } from './preflight.ts';
import { logKeyStore, logProvider, logSecrets, warnIfProviderUnreachable, withoutCredentials } from './steps.ts';

type Env = Record<string, string | undefined>;

export interface StartOptions {
  /** Where pino writes; stdout by default. */
  logStream?: NodeJS.WritableStream;
}

async function startServer(env: Env, options: StartOptions = {}): Promise<{ app: AppInstance; url: string }> {
  const config = loadConfig(env);
  await checkPortFree(config.host, config.port);
  const redisPingMs = config.env.REDIS_URL ? await checkRedis(config.env.REDIS_URL) : null;
  if (config.database.kind === 'postgres') await checkPostgres(config.database.url, 'DATABASE_URL');
  if (config.keyStore.kind === 'database' && config.keyStore.url) {
    await checkPostgres(config.keyStore.url, 'KEYSTORE_DATABASE_URL');
  }
  const isGeneratingSecrets = !existsSync(path.join(config.dataDir, 'secrets.json'));
  const clockFile = config.env.TEST_CLOCK_FILE;
  const app = await buildApp(config, {
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(clockFile ? { now: fileClock(clockFile) } : {}),
  });
  // The running server gives a burst's garbage back to the system once it goes quiet (decision 048).
  const idle = startIdleCollector({
    onCollect: (before, after) => {
      app.log.debug(`idle: heap collected, ${String(mebibytes(before))} → ${String(mebibytes(after))} MiB`);
    },
  });
  app.server.on('request', () => {
    idle.markActivity();
  });
  app.addHook('onClose', async () => idle.stop());
  try {
    if (clockFile) app.log.warn(`the services' clock is moved by ${clockFile}: for tests only`);
    logSecrets(app.log, config, { generated: isGeneratingSecrets });
    logKeyStore(app.log, config);
    logProvider(app.log, config, app.deps.analysisProvider);
    if (config.env.REDIS_URL) {
      app.log.info(
        `Redis: rate limits shared through ${withoutCredentials(config.env.REDIS_URL)} (ping ${String(redisPingMs)} ms)`,
      );
    }
    try {
      await app.listen({ host: config.host, port: config.port });
    } catch (error) {
      const sentence = describeListenError(error, config.host, config.port);
      throw sentence ? new StartupError(sentence, { cause: error }) : error;
    }
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${String(port)}`;
  app.log.info(`Sonhário is running at ${config.siteUrl} (listening on ${url}; database: ${app.deps.database.kind})`);
  void warnIfProviderUnreachable(app.log, config);
  return { app, url };
}

const mebibytes = (bytes: number) => Math.round(bytes / 1048576);

/** What main prints when the start fails: one sentence, and the stack only when LOG_LEVEL asks for details. */
function failureLines(error: unknown, env: Env): string[] {
  let dataDir = path.resolve(env.DATA_DIR || './data');
  let isDebug = env.LOG_LEVEL === 'debug' || env.LOG_LEVEL === 'trace';
  try {
    const config: Config = loadConfig(env);
    dataDir = config.dataDir;
    isDebug = config.logLevel === 'debug' || config.logLevel === 'trace';
  } catch {
    // The configuration itself is what failed; the defaults above name DATA_DIR well enough.
  }
  const lines = [startupFailureSentence(error, { dataDir })];
  if (isDebug) lines.push(error instanceof Error ? (error.stack ?? error.message) : String(error));
  return lines;
}

/**
 * The whole start as main runs it: the running app, or exit code 1 after one line on `stderr`. Tests call it with a
 * real occupied port, a closed PostgreSQL or Redis port, and read the code and the line.
 */
export async function runServer(
  env: Env,
  stderr: (line: string) => void,
  options: StartOptions = {},
): Promise<{ code: 0; app: AppInstance; url: string } | { code: 1 }> {
  try {
    const started = await startServer(env, options);
    return { code: 0, ...started };
  } catch (error) {
    for (const line of failureLines(error, env)) stderr(line);
    return { code: 1 };
  }
}
