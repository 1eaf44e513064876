import { runServer } from './startup/start.ts';

const started = await runServer(process.env, (line) => console.error(line));
if (started.code !== 0) process.exit(started.code);
const { app } = started;
const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
