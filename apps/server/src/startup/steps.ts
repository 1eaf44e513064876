// The lines a start prints about what it set up, one per step, in pino's log (docs/decisions/033). They name places
// and choices, never a secret: no key, no password, no API key.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { providerBaseUrl } from '../modules/ai/create-vendor.ts';
import type { AnalysisProvider } from '../modules/analyses/providers/provider.ts';
import { probeTcp } from './preflight.ts';

/** A URL without its user and password (they may hold a secret). */
export function withoutCredentials(url: string): string {
  const parsed = new URL(url);
  parsed.username = '';
  parsed.password = '';
  return parsed.toString().replace(/\/$/, '');
}

export function logSecrets(log: FastifyBaseLogger, config: Config, options: { generated: boolean }): void {
  const { JWT_SECRET, MASTER_KEY } = config.env;
  if (JWT_SECRET && MASTER_KEY) {
    log.info('secrets: JWT_SECRET and MASTER_KEY from the environment');
    return;
  }
  const file = `${config.dataDir}/secrets.json`;
  if (options.generated) {
    log.warn(
      `secrets: generated the master key and the token secret in ${file}; keep a copy of that file away from this ` +
        'machine and from the database backups (a password manager, an offline disk): without it no dream can be read',
    );
  } else {
    log.info(`secrets: read from ${file}`);
  }
}

export function logKeyStore(log: FastifyBaseLogger, config: Config): void {
  const store = config.keyStore;
  if (store.kind === 'files') log.info(`key store: users' keys in ${store.dir} (back it up apart from the database)`);
  else if (store.url) log.info(`key store: users' keys in the database ${withoutCredentials(store.url)}`);
  else log.info("key store: users' keys in the main database (public.user_keys)");
}

export function logProvider(log: FastifyBaseLogger, config: Config, provider: AnalysisProvider): void {
  if (!provider.isGenerative) {
    log.info('AI provider: builtin (the offline symbolic reading; no model, nothing leaves this server)');
    return;
  }
  const baseUrl = providerBaseUrl(config.env);
  log.info(`AI provider: ${provider.id}, model ${provider.model}, at ${baseUrl ? withoutCredentials(baseUrl) : '?'}`);
}

/**
 * Warns (never refuses: analyses fail clearly later, and the endpoint may come up after the server) when nothing
 * answers at the provider's host and port. Only a TCP connection: no request, no key sent, nothing billed.
 */
export async function warnIfProviderUnreachable(log: FastifyBaseLogger, config: Config): Promise<void> {
  const baseUrl = providerBaseUrl(config.env);
  if (!baseUrl) return;
  const reason = await probeTcp(baseUrl);
  if (reason === null) return;
  log.warn(
    `AI provider ${config.env.AI_PROVIDER} at ${withoutCredentials(baseUrl)} cannot be reached (${reason}): analyses ` +
      'will fail until it answers; `npm run admin -- check-ai` tells what is wrong',
  );
}
