import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// Format of every sealed blob: [version 1 byte][iv 12][auth tag 16][ciphertext]. The version lets the
// algorithm change later without guessing what old rows hold.
const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = 1 + IV_BYTES + TAG_BYTES;

export class DecryptionError extends Error {
  constructor() {
    super('Data could not be decrypted (wrong key, altered data, or data of another record)');
    this.name = 'DecryptionError';
  }
}

/** AES-256-GCM. `aad` binds the blob to where it belongs (user, row, field), so blobs cannot be swapped. */
function seal(key: Buffer, plaintext: Buffer, aad: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), ciphertext]);
}

function open(key: Buffer, blob: Buffer, aad: string): Buffer {
  if (blob.length < HEADER_BYTES || blob[0] !== VERSION) throw new DecryptionError();
  const iv = blob.subarray(1, 1 + IV_BYTES);
  const tag = blob.subarray(1 + IV_BYTES, HEADER_BYTES);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(blob.subarray(HEADER_BYTES)), decipher.final()]);
  } catch {
    throw new DecryptionError();
  }
}

export const sealText = (key: Buffer, text: string, aad: string) => seal(key, Buffer.from(text, 'utf8'), aad);
export const openText = (key: Buffer, blob: Buffer, aad: string) => open(key, blob, aad).toString('utf8');

export function newDataKey(): Buffer {
  return randomBytes(32);
}

/** A user's data key, sealed under the master key and bound to the user id. */
export const wrapDataKey = (masterKey: Buffer, dataKey: Buffer, userId: string) =>
  seal(masterKey, dataKey, `user-key:${userId}`);
export const unwrapDataKey = (masterKey: Buffer, wrapped: Buffer, userId: string) =>
  open(masterKey, wrapped, `user-key:${userId}`);

export interface UserKeys {
  /** Encrypts dream text, notes and analyses. */
  encryption: Buffer;
  /** Keys the blind search index (HMAC); separate so one key's use never weakens the other. */
  index: Buffer;
}

export function deriveUserKeys(dataKey: Buffer): UserKeys {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', dataKey, Buffer.alloc(0), info, 32));
  return { encryption: derive('sonhario/encryption/v1'), index: derive('sonhario/blind-index/v1') };
}
