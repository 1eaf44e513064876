import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { describeStartupFailure } from './startup-failure.ts';
import { fileClock } from './test-clock.ts';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  let app;
  try {
    const clockFile = config.env.TEST_CLOCK_FILE;
    app = await buildApp(config, clockFile ? { now: fileClock(clockFile) } : {});
    if (clockFile) app.log.warn(`the services' clock is moved by ${clockFile}: for tests only`);
  } catch (error) {
    const sentence = describeStartupFailure(error, config);
    if (sentence === null) throw error;
    console.error(sentence);
    process.exit(1);
  }
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ host: config.host, port: config.port });
  app.log.info(`Sonhário is running at ${config.siteUrl} (database: ${app.deps.database.kind})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
