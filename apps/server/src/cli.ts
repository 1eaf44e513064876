// Operator commands: `npm run admin -- <command>`. They read the same environment and DATA_DIR as the server.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PLANS, type PlanId } from '@sonhario/contracts/profile';
import { loadConfig, type Config } from './config.ts';
import { BackupError, restoreBackup, writeBackup } from './db/backup.ts';
import { createDatabase } from './db/client.ts';
import { findUserByEmail } from './modules/auth/auth.repository.ts';
import { grantCredits } from './modules/credits/credits.service.ts';
import { setPlan } from './modules/profile/profile.service.ts';
import { runSupportCommand, SUPPORT_USAGE } from './modules/support/support.cli.ts';
import { BILLING_USAGE, runBillingSetup } from './modules/billing/billing.cli.ts';
import { getApiKeys } from './modules/auth/auth.tokens.ts';
import { loadSecrets } from './secrets.ts';
import { checkAi } from './startup/check-ai.ts';
import { checkPostgres, firstLine } from './startup/preflight.ts';
import { describeFailure } from './startup-failure.ts';

const USAGE = `usage: npm run admin -- <command>

commands:
  keys                          print the anon key (public) and the service-role key (secret: grants /auth/v1/admin)
  check-ai                      one tiny call through AI_PROVIDER (AI_BASE_URL, AI_API_KEY, AI_MODEL): ok and how long,
                                or what is wrong (connection refused, a refused key, an unknown model, a timeout)
  set-plan <email> <plan>       change a user's plan: ${PLANS.join(', ')}
  grant-credits <email> <n> <reason-key>
                                give a user n credits once (the same reason-key never grants twice)
  backup <file>                 write the whole database to <file> (gzip), in one snapshot, while the server runs;
                                back up DATA_DIR/keystore and DATA_DIR/secrets.json apart: they open the dreams
  restore <file>                load a backup into a new DATA_DIR or an empty database (stop the server first)
${SUPPORT_USAGE}
${BILLING_USAGE}`;

export async function runCli(
  argv: string[],
  out: (line: string) => void = console.log,
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  const [command] = argv;
  if (command === 'check-ai') {
    const result = await checkAi(loadConfig(env).env);
    out(result.line);
    return result.ok ? 0 : 1;
  }
  if (command === 'keys') {
    const config = loadConfig(env);
    const keys = getApiKeys(await loadSecrets(config));
    out(`anon key:         ${keys.anonKey}`);
    out(`service-role key: ${keys.serviceRoleKey}`);
    return 0;
  }
  if (command === 'backup' || command === 'restore') {
    const [, file] = argv;
    if (!file) {
      out(USAGE);
      return 2;
    }
    const database = await openToolDatabase(loadConfig(env));
    try {
      const started = Date.now();
      if (command === 'backup') {
        const { tables, rows } = await writeBackup(database, path.resolve(file));
        out(
          `backup written to ${file}: ${String(rows)} rows in ${String(tables)} tables (${String(Date.now() - started)} ms)`,
        );
        out('keep DATA_DIR/keystore and DATA_DIR/secrets.json (or MASTER_KEY) safe too, apart: without them the');
        out('dreams in this backup cannot be read');
      } else {
        const { tables, rows } = await restoreBackup(database, path.resolve(file));
        out(
          `restored ${String(rows)} rows in ${String(tables)} tables from ${file} (${String(Date.now() - started)} ms)`,
        );
      }
      return 0;
    } catch (error) {
      if (error instanceof BackupError) {
        out(error.message);
        return 1;
      }
      throw error;
    } finally {
      await database.close();
    }
  }
  if (command === 'support') return runSupportCommand(argv.slice(1), out, env);
  if (command === 'billing-setup') return runBillingSetup(out, env);
  if (command === 'set-plan' || command === 'grant-credits') {
    const [, email, value, key] = argv;
    if (!email || !value) {
      out(USAGE);
      return 2;
    }
    let operation: { plan: PlanId } | { amount: number; key: string };
    if (command === 'set-plan') {
      const plan = PLANS.find((id) => id === value);
      if (!plan) {
        out(`unknown plan "${value}": use one of ${PLANS.join(', ')}`);
        return 2;
      }
      operation = { plan };
    } else {
      if (!key) {
        out(USAGE);
        return 2;
      }
      const amount = Number(value);
      if (!Number.isInteger(amount) || amount <= 0 || amount > 1_000_000) {
        out(`the number of credits must be a positive integer, not "${value}"`);
        return 2;
      }
      operation = { amount, key };
    }
    const database = await openToolDatabase(loadConfig(env));
    try {
      await database.migrate();
      const user = await findUserByEmail(database.db, email.trim().toLowerCase());
      if (!user) {
        out(`no user with the e-mail ${email}`);
        return 1;
      }
      const ctx = { db: database.db, userId: user.id, now: () => new Date() };
      if ('plan' in operation) {
        const profile = await setPlan(ctx, operation.plan);
        out(`${email}: plan ${profile.plan}`);
      } else {
        const isGranted = await grantCredits(ctx, operation);
        out(
          isGranted
            ? `${email}: +${operation.amount} credits (${operation.key})`
            : `${email}: "${operation.key}" was already granted; nothing changed`,
        );
      }
      return 0;
    } finally {
      await database.close();
    }
  }
  out(USAGE);
  // Asked for, usage is the answer; without a command (or with an unknown one) it is a mistake a script must see.
  return command === 'help' || command === '--help' || command === '-h' ? 0 : 2;
}

/** The database as `npm run admin` opens it: a running server's embedded cluster, or DATABASE_URL checked first. */
async function openToolDatabase(config: Config) {
  if (config.database.kind === 'postgres') await checkPostgres(config.database.url, 'DATABASE_URL');
  return createDatabase(config.database, { role: 'tool' });
}

/** One line for a failed command, as the server's start prints: what to fix, and the stack only with LOG_LEVEL=debug. */
function failureLines(error: unknown, env: Record<string, string | undefined>): string[] {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const lines = [`admin: ${describeFailure(error, { dataDir }) ?? `${firstLine(error)}.`}`];
  if (env.LOG_LEVEL === 'debug' || env.LOG_LEVEL === 'trace') lines.push(String((error as Error).stack ?? error));
  return lines;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runCli(process.argv.slice(2))
    .then((code) => process.exit(code))
    .catch((error: unknown) => {
      for (const line of failureLines(error, process.env)) console.error(line);
      process.exit(1);
    });
}
