/* eslint-disable @typescript-eslint/no-non-null-assertion -- a hash kernel: every typed-array index is in bounds by construction, and a `?? 0` on each of its thousands of reads per term would only hide a bug the tests catch */
import { createHmac } from 'node:crypto';

// HMAC-SHA256 for many short messages under one key, in plain JS (decision 047). node:crypto spends ~2 µs of set-up
// per HMAC whatever the message's length, and a dream's blind index keys a few hundred terms: that set-up was a tenth
// of a new dream's CPU. Here the key's two pad blocks are compressed once per key, and each term costs the two
// compressions HMAC needs (one when the term fits a block). The output is HMAC-SHA256 bit for bit: the tests compare
// it with node:crypto on random keys and messages.

const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);
const INITIAL = new Int32Array([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);

const schedule = new Int32Array(64);

/** SHA-256's compression function: `state` absorbs the 64-byte block at `offset` of `bytes`. */
function compress(state: Int32Array, bytes: Uint8Array, offset: number): void {
  const w = schedule;
  for (let i = 0; i < 16; i += 1) {
    const j = offset + i * 4;
    w[i] = (bytes[j]! << 24) | (bytes[j + 1]! << 16) | (bytes[j + 2]! << 8) | bytes[j + 3]!;
  }
  for (let i = 16; i < 64; i += 1) {
    const x = w[i - 15]!;
    const y = w[i - 2]!;
    const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
    const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
    w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0;
  }
  let a = state[0]!;
  let b = state[1]!;
  let c = state[2]!;
  let d = state[3]!;
  let e = state[4]!;
  let f = state[5]!;
  let g = state[6]!;
  let h = state[7]!;
  for (let i = 0; i < 64; i += 1) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (h + S1 + ((e & f) ^ (~e & g)) + K[i]! + w[i]!) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  state[0] = (state[0]! + a) | 0;
  state[1] = (state[1]! + b) | 0;
  state[2] = (state[2]! + c) | 0;
  state[3] = (state[3]! + d) | 0;
  state[4] = (state[4]! + e) | 0;
  state[5] = (state[5]! + f) | 0;
  state[6] = (state[6]! + g) | 0;
  state[7] = (state[7]! + h) | 0;
}

// Messages up to this many UTF-8 bytes are hashed here (three blocks with the padding); longer ones, which blind
// indexes never key, go to node:crypto.
const MAX_MESSAGE_BYTES = 183;
const buffer = new Uint8Array(192);
const outerBlock = new Uint8Array(64);
const encoder = new TextEncoder();

export interface HmacSha256Key {
  /** The first 8 bytes of HMAC-SHA256(key, message) as a signed 64-bit integer in decimal. */
  first64(message: string): string;
}

/** Prepares `key` (at most 64 bytes, as blind-index keys are) for many HMACs. */
export function hmacSha256Key(key: Uint8Array): HmacSha256Key {
  if (key.length > 64) throw new Error('hmacSha256Key: keys longer than a block are not supported');
  const pad = new Uint8Array(64);
  const padded = (byte: number) => {
    pad.fill(byte);
    for (let i = 0; i < key.length; i += 1) pad[i] = key[i]! ^ byte;
    const state = INITIAL.slice();
    compress(state, pad, 0);
    return state;
  };
  const inner = padded(0x36);
  const outer = padded(0x5c);
  const keyBytes = Buffer.from(key);
  const state = new Int32Array(8);
  return {
    first64(message) {
      const { read, written } = encoder.encodeInto(message, buffer.subarray(0, MAX_MESSAGE_BYTES + 1));
      if (read < message.length || written > MAX_MESSAGE_BYTES) {
        return createHmac('sha256', keyBytes).update(message).digest().readBigInt64BE(0).toString();
      }
      // Padding: 0x80, zeros, then the bit length of the pad block and the message, big-endian, at a block's end.
      const blocks = written + 9 <= 64 ? 1 : written + 9 <= 128 ? 2 : 3;
      const end = blocks * 64;
      buffer[written] = 0x80;
      buffer.fill(0, written + 1, end);
      const bits = (64 + written) * 8;
      buffer[end - 2] = bits >>> 8;
      buffer[end - 1] = bits & 0xff;
      state.set(inner);
      for (let offset = 0; offset < end; offset += 64) compress(state, buffer, offset);
      // The outer hash: the 32-byte inner digest, padded to one block (bit length (64 + 32) * 8 = 768).
      for (let i = 0; i < 8; i += 1) {
        const word = state[i]!;
        outerBlock[i * 4] = word >>> 24;
        outerBlock[i * 4 + 1] = word >>> 16;
        outerBlock[i * 4 + 2] = word >>> 8;
        outerBlock[i * 4 + 3] = word;
      }
      outerBlock[32] = 0x80;
      outerBlock.fill(0, 33, 62);
      outerBlock[62] = 0x03;
      outerBlock[63] = 0x00;
      state.set(outer);
      compress(state, outerBlock, 0);
      return BigInt.asIntN(64, (BigInt(state[0]! >>> 0) << 32n) | BigInt(state[1]! >>> 0)).toString();
    },
  };
}
