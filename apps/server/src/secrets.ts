import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import webpush from 'web-push';
import type { Config } from './config.ts';

export interface Secrets {
  /** HS256 key for access tokens and the anon/service-role keys. */
  jwtSecret: string;
  /** 32-byte key that wraps every user's data key. */
  masterKey: Buffer;
  /** The VAPID key pair (base64url) that signs Web Push requests (docs/decisions/037). */
  vapid: { publicKey: string; privateKey: string };
}

interface StoredSecrets {
  jwtSecret: string;
  masterKey: string;
  /** Added with reminders (issue 18): files written before lack it and gain it on the next start. */
  vapidPublicKey?: string;
  vapidPrivateKey?: string;
}

/**
 * Secrets come from the environment when set; otherwise they are generated on first start and kept in
 * DATA_DIR/secrets.json (mode 0600) so tokens and encrypted data survive restarts.
 */
export async function loadSecrets(config: Config): Promise<Secrets> {
  const { JWT_SECRET, MASTER_KEY, VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY } = config.env;
  const envVapid =
    VAPID_PUBLIC_KEY && VAPID_PRIVATE_KEY ? { publicKey: VAPID_PUBLIC_KEY, privateKey: VAPID_PRIVATE_KEY } : null;
  if (JWT_SECRET && MASTER_KEY && envVapid) {
    return { jwtSecret: JWT_SECRET, masterKey: Buffer.from(MASTER_KEY, 'base64'), vapid: envVapid };
  }
  const file = path.join(config.dataDir, 'secrets.json');
  let stored: StoredSecrets | undefined;
  try {
    stored = JSON.parse(await readFile(file, 'utf8')) as StoredSecrets;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (!stored) {
    stored = {
      jwtSecret: randomBytes(48).toString('base64url'),
      masterKey: randomBytes(32).toString('base64'),
    };
    await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
    await writeFile(file, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  }
  if (!envVapid && (!stored.vapidPublicKey || !stored.vapidPrivateKey)) {
    // An install from before reminders: the pair is added to its file once, the other secrets kept as they are.
    const pair = webpush.generateVAPIDKeys();
    stored = { ...stored, vapidPublicKey: pair.publicKey, vapidPrivateKey: pair.privateKey };
    await writeFile(file, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
  }
  // Only when needed: a read-only DATA_DIR whose secrets are already private must not fail on a no-op chmod.
  if (((await stat(file)).mode & 0o077) !== 0) await chmod(file, 0o600);
  return {
    jwtSecret: JWT_SECRET ?? stored.jwtSecret,
    masterKey: Buffer.from(MASTER_KEY ?? stored.masterKey, 'base64'),
    vapid: envVapid ?? { publicKey: stored.vapidPublicKey ?? '', privateKey: stored.vapidPrivateKey ?? '' },
  };
}
