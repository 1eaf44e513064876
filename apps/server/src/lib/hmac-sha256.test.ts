import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hmacSha256Key } from './hmac-sha256.ts';

const reference = (key: Uint8Array, message: string) =>
  createHmac('sha256', key).update(message).digest().readBigInt64BE(0).toString();

describe('HMAC-SHA256 for blind tokens', () => {
  it('gives the first 8 bytes of node:crypto’s HMAC for any key and message', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 0, maxLength: 64 }),
        fc.string({ unit: 'binary', maxLength: 120 }),
        (key, message) => {
          expect(hmacSha256Key(key).first64(message)).toBe(reference(key, message));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('is exact at every padding boundary, across one, two and three blocks, and beyond (node:crypto’s path)', () => {
    const key = hmacSha256Key(Buffer.alloc(32, 7));
    for (let length = 0; length <= 260; length += 1) {
      const ascii = 'x'.repeat(length);
      expect(key.first64(ascii), `${length} bytes`).toBe(reference(Buffer.alloc(32, 7), ascii));
      // Two-byte characters move the byte length off the character count.
      const accented = 'ç'.repeat(length);
      expect(key.first64(accented), `${length} × ç`).toBe(reference(Buffer.alloc(32, 7), accented));
    }
  });

  it('keeps one key’s answers apart from another’s, and the same across calls', () => {
    const first = hmacSha256Key(Buffer.alloc(32, 1));
    const second = hmacSha256Key(Buffer.alloc(32, 2));
    expect(first.first64('pt:voar')).not.toBe(second.first64('pt:voar'));
    expect(second.first64('pt:voar')).toBe(reference(Buffer.alloc(32, 2), 'pt:voar'));
    expect(first.first64('pt:voar')).toBe(reference(Buffer.alloc(32, 1), 'pt:voar'));
  });
});
