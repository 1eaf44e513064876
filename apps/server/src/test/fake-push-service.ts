import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type Server } from 'node:http';

// A stand-in push service (RFC 8030) for tests: it records each message posted to an endpoint and answers with the
// status the test chose (201, or 404/410 for a subscription the browser dropped). The test plays the browser too: it
// makes the subscription's key pair and auth secret, and decrypts the aes128gcm payload as RFC 8291 says.

interface FakeBrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** Opens a message sent to this subscription (RFC 8291, aes128gcm), as the browser would. */
  decrypt(body: Buffer): string;
}

interface PushedMessage {
  /** The endpoint's path, e.g. /push/abc. */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** What the service answered. */
  status: number;
}

export interface FakePushService {
  url: string;
  messages: PushedMessage[];
  /** A new browser subscription at this service. */
  subscribe(): FakeBrowserSubscription;
  /** The status later messages to this endpoint get (201 by default). */
  answer(endpoint: string, status: number): void;
  /** The messages posted to one endpoint, decrypted and parsed. */
  received(subscription: FakeBrowserSubscription): unknown[];
  close(): Promise<void>;
}

const b64url = (buffer: Buffer) => buffer.toString('base64url');

/** RFC 8291 section 3.4 + RFC 8188: one aes128gcm record, keyed from the browser's private key and auth secret. */
function decryptAes128gcm(body: Buffer, browser: { ecdhPrivate: ReturnType<typeof createECDH>; auth: Buffer }): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20] ?? 0;
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (ciphertext.length > recordSize) throw new Error('more than one record');
  const browserPublic = browser.ecdhPrivate.getPublicKey();
  const ecdhSecret = browser.ecdhPrivate.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browserPublic, serverPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, browser.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and any zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('bad padding delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/**
 * Checks a VAPID `Authorization: vapid t=<JWT>, k=<key>` header (RFC 8292): an ES256 JWT signed by `k`, for the push
 * service's origin, not expired. Returns the claims.
 */
export function verifyVapid(header: string | undefined, audience: string, now = Date.now()) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`not a VAPID authorization: ${String(header)}`);
  const [, token = '', key = ''] = match;
  const [head = '', payload = '', signature = ''] = token.split('.');
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33, 65)) },
    format: 'jwk',
  });
  const isValid = verify(
    'sha256',
    Buffer.from(`${head}.${payload}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!isValid) throw new Error('VAPID signature invalid');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
    aud: string;
    exp: number;
    sub: string;
  };
  if (claims.aud !== audience) throw new Error(`VAPID audience ${claims.aud}, expected ${audience}`);
  if (claims.exp * 1000 < now) throw new Error('VAPID token expired');
  return { ...claims, publicKey: key };
}

export async function startFakePushService(): Promise<FakePushService> {
  const messages: PushedMessage[] = [];
  const statuses = new Map<string, number>();
  const browsers = new Map<string, FakeBrowserSubscription>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      const status = req.method === 'POST' ? (statuses.get(path) ?? 201) : 405;
      messages.push({ path, headers: req.headers, body: Buffer.concat(chunks), status });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? String(address.port) : '0'}`;
  return {
    url,
    messages,
    subscribe() {
      const ecdhPrivate = createECDH('prime256v1');
      ecdhPrivate.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${url}/push/${randomBytes(12).toString('hex')}`;
      const subscription: FakeBrowserSubscription = {
        endpoint,
        keys: { p256dh: b64url(ecdhPrivate.getPublicKey()), auth: b64url(auth) },
        decrypt: (body) => decryptAes128gcm(body, { ecdhPrivate, auth }),
      };
      browsers.set(new URL(endpoint).pathname, subscription);
      return subscription;
    },
    answer(endpoint, status) {
      statuses.set(new URL(endpoint).pathname, status);
    },
    received(subscription) {
      const path = new URL(subscription.endpoint).pathname;
      return messages
        .filter((m) => m.path === path && m.status < 300)
        .map((m) => JSON.parse(subscription.decrypt(m.body)) as unknown);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
