import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  DecryptionError,
  deriveUserKeys,
  newDataKey,
  openText,
  sealText,
  unwrapDataKey,
  wrapDataKey,
} from './keys.crypto.ts';

describe('sealing text', () => {
  const key = randomBytes(32);

  it('round-trips text, and never stores it in the clear', () => {
    const text = 'Sonhei que voava sobre o mar de São Paulo 🌙';
    const blob = sealText(key, text, 'dream:1:content');
    expect(blob.includes(Buffer.from('voava'))).toBe(false);
    expect(openText(key, blob, 'dream:1:content')).toBe(text);
  });

  it('uses a fresh IV each time', () => {
    expect(sealText(key, 'igual', 'a').equals(sealText(key, 'igual', 'a'))).toBe(false);
  });

  it('refuses a wrong key, altered bytes, or a blob moved to another record', () => {
    const blob = sealText(key, 'segredo', 'dream:1:content');
    expect(() => openText(randomBytes(32), blob, 'dream:1:content')).toThrow(DecryptionError);
    expect(() => openText(key, blob, 'dream:2:content')).toThrow(DecryptionError);
    const altered = Buffer.from(blob);
    altered[altered.length - 1]! ^= 1;
    expect(() => openText(key, altered, 'dream:1:content')).toThrow(DecryptionError);
    expect(() => openText(key, Buffer.from([1, 2, 3]), 'dream:1:content')).toThrow(DecryptionError);
  });
});

describe('data keys', () => {
  it('wraps a data key under the master key, bound to its user', () => {
    const master = randomBytes(32);
    const dataKey = newDataKey();
    const wrapped = wrapDataKey(master, dataKey, 'user-a');
    expect(unwrapDataKey(master, wrapped, 'user-a').equals(dataKey)).toBe(true);
    expect(() => unwrapDataKey(master, wrapped, 'user-b')).toThrow(DecryptionError);
    expect(() => unwrapDataKey(randomBytes(32), wrapped, 'user-a')).toThrow(DecryptionError);
  });

  it('derives distinct, stable encryption and index keys', () => {
    const dataKey = newDataKey();
    const a = deriveUserKeys(dataKey);
    const b = deriveUserKeys(dataKey);
    expect(a.encryption.equals(b.encryption)).toBe(true);
    expect(a.encryption.equals(a.index)).toBe(false);
    expect(a.encryption.equals(deriveUserKeys(newDataKey()).encryption)).toBe(false);
  });
});
