import { hash, verify } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';

/**
 * argon2id for every password we hash (OWASP: 19 MiB, 2 passes, 1 lane by default). bcrypt is only verified, for
 * users imported from a Supabase project; their hash is upgraded to argon2id at the next successful sign-in.
 */
export interface PasswordOptions {
  memoryKib: number;
}

const TIME_COST = 2;
const PARALLELISM = 1;
const BCRYPT_PREFIX = /^\$2[aby]\$/;

export function hashPassword(password: string, options: PasswordOptions): Promise<string> {
  return hash(password, { memoryCost: options.memoryKib, timeCost: TIME_COST, parallelism: PARALLELISM });
}

export interface PasswordCheck {
  isValid: boolean;
  /** The stored hash is bcrypt: store a fresh argon2id hash now that we know the password. */
  needsRehash: boolean;
}

export async function verifyPassword(stored: string, password: string): Promise<PasswordCheck> {
  if (BCRYPT_PREFIX.test(stored)) {
    // bcryptjs knows $2a$/$2b$; $2y$ (PHP) is the same algorithm under another name.
    const isValid = await bcrypt.compare(password, stored.replace(/^\$2y\$/, '$2b$'));
    return { isValid, needsRehash: isValid };
  }
  if (!stored.startsWith('$argon2')) return { isValid: false, needsRehash: false };
  try {
    return { isValid: await verify(stored, password), needsRehash: false };
  } catch {
    return { isValid: false, needsRehash: false };
  }
}

const dummyHashes = new Map<number, Promise<string>>();

/**
 * Spends the same time as a real check when there is no user or no password, so response times do not tell
 * which e-mail addresses have accounts.
 */
export async function burnPasswordCheck(password: string, options: PasswordOptions): Promise<void> {
  let dummy = dummyHashes.get(options.memoryKib);
  if (!dummy) {
    dummy = hashPassword('not the password of anyone', options);
    dummyHashes.set(options.memoryKib, dummy);
  }
  await verify(await dummy, password).catch(() => false);
}
