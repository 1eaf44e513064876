// Operator commands: `npm run admin -- <command>`. They read the same environment and DATA_DIR as the server.
import { ConfigError, loadConfig } from './config.ts';
import { getApiKeys } from './modules/auth/auth.tokens.ts';
import { loadSecrets } from './secrets.ts';

const USAGE = `usage: npm run admin -- <command>

commands:
  keys      print the anon key (public) and the service-role key (secret: grants /auth/v1/admin)`;

export async function runCli(
  argv: string[],
  out: (line: string) => void = console.log,
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  const [command] = argv;
  if (command === 'keys') {
    const config = loadConfig(env);
    const keys = getApiKeys(await loadSecrets(config));
    out(`anon key:         ${keys.anonKey}`);
    out(`service-role key: ${keys.serviceRoleKey}`);
    return 0;
  }
  out(USAGE);
  return command === undefined || command === 'help' || command === '--help' ? 0 : 2;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runCli(process.argv.slice(2))
    .then((code) => process.exit(code))
    .catch((error: unknown) => {
      console.error(error instanceof ConfigError ? error.message : error);
      process.exit(1);
    });
}
