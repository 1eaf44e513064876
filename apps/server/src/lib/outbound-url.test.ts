import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkOutboundUrl,
  isPublicAddress,
  OutboundUrlRefusedError,
  sendOutbound,
  type OutboundPolicy,
  type ResolvedAddress,
  type ResolveHost,
} from './outbound-url.ts';

// The names below resolve through a resolver the test gives the helper (its `resolve` parameter; the product uses
// dns.promises.lookup), the way a wildcard DNS service such as nip.io answers: `127.0.0.1.nip.io` is 127.0.0.1.

const A = (address: string): ResolvedAddress => ({ address, family: address.includes(':') ? 6 : 4 });

const ZONE: Record<string, ResolvedAddress[]> = {
  'public.example': [A('93.184.215.14'), A('2606:2800:21f:cb07:6820:80da:af6b:8b2c')],
  '127.0.0.1.nip.io': [A('127.0.0.1')],
  '10.0.0.8.nip.io': [A('10.0.0.8')],
  'half-inside.example': [A('93.184.215.14'), A('192.168.1.10')],
  'metadata.example': [A('169.254.169.254')],
  'cgnat.example': [A('100.64.0.1')],
  'unique-local.example': [A('fd12:3456::1')],
  'link-local6.example': [A('fe80::1')],
  'mapped.example': [A('::ffff:10.0.0.1')],
  'loopback6.example': [A('::1')],
  'unspecified.example': [A('0.0.0.0')],
  'multicast.example': [A('239.1.2.3')],
  'nothing.example': [],
  'evilpush.apple.com': [A('172.16.0.5')],
};

/** A resolver answering from ZONE (ENOTFOUND otherwise) and recording what it was asked. */
function zoneResolver(zone: Record<string, ResolvedAddress[]> = ZONE) {
  const asked: string[] = [];
  const resolve: ResolveHost = (hostname) => {
    asked.push(hostname);
    const answer = zone[hostname];
    return answer
      ? Promise.resolve(answer)
      : Promise.reject(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
  };
  return { resolve, asked };
}

const PUSH_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  '*.push.apple.com',
  '*.notify.windows.com',
];

async function refusal(url: string, policy: OutboundPolicy): Promise<string> {
  try {
    await checkOutboundUrl(url, policy);
    return 'accepted';
  } catch (error) {
    if (error instanceof OutboundUrlRefusedError) return error.reason;
    throw error;
  }
}

describe('checkOutboundUrl', () => {
  const { resolve } = zoneResolver();
  const policy: OutboundPolicy = { knownHosts: PUSH_HOSTS, resolve };

  it.each([
    ['not a url', 'not_a_url'],
    ['http://fcm.googleapis.com/fcm/send/x', 'not_https'],
    ['ftp://public.example/x', 'not_https'],
    ['https://user:secret@fcm.googleapis.com/x', 'credentials'],
    ['https://fcm.googleapis.com:8443/fcm/send/x', 'port'],
    ['https://public.example:8443/x', 'port'],
    ['https://public.example:80/x', 'port'],
    ['https://localhost./x', 'host_name'],
    ['https://localhost/x', 'host_name'],
    ['https://localhost%2e/x', 'host_name'],
    ['https://push.localhost/x', 'host_name'],
    ['https://intranet/x', 'host_name'],
    ['https://fcm.googleapis.com./fcm/send/x', 'host_name'],
    ['https://127.0.0.1/x', 'ip_literal'],
    ['https://127.1/', 'ip_literal'],
    ['https://0x7f.1/', 'ip_literal'],
    ['https://2130706433/', 'ip_literal'],
    ['https://10.0.0.8/x', 'ip_literal'],
    ['https://93.184.215.14/x', 'ip_literal'],
    ['https://[::1]/x', 'ip_literal'],
    ['https://[::ffff:127.0.0.1]/', 'ip_literal'],
    ['https://[fd12:3456::1]/x', 'ip_literal'],
    ['https://127.0.0.1.nip.io/x', 'private_address'],
    ['https://10.0.0.8.nip.io/x', 'private_address'],
    ['https://half-inside.example/x', 'private_address'],
    ['https://metadata.example/latest', 'private_address'],
    ['https://cgnat.example/x', 'private_address'],
    ['https://unique-local.example/x', 'private_address'],
    ['https://link-local6.example/x', 'private_address'],
    ['https://mapped.example/x', 'private_address'],
    ['https://loopback6.example/x', 'private_address'],
    ['https://unspecified.example/x', 'private_address'],
    ['https://multicast.example/x', 'private_address'],
    ['https://evilpush.apple.com/x', 'private_address'], // not below push.apple.com: resolved like any name
    ['https://nothing.example/x', 'unresolvable'],
    ['https://no-such-name.example/x', 'unresolvable'],
  ])('refuses %s (%s)', async (url, reason) => {
    expect(await refusal(url, policy)).toBe(reason);
  });

  it.each([
    'https://public.example/push/abc',
    'https://public.example:443/push/abc', // the standard port, written out
    'https://PUBLIC.example/push/abc',
  ])('accepts %s, a name resolving only to public addresses', async (url) => {
    expect(await refusal(url, policy)).toBe('accepted');
  });

  it('accepts the known push services by name, without a look-up', async () => {
    const { resolve: recording, asked } = zoneResolver({});
    for (const url of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://push.services.mozilla.com/wpush/v1/gAAAA',
      'https://web.push.apple.com/QGx1',
      'https://wns2-by3p.notify.windows.com/w/?token=AwYAAA',
    ]) {
      expect(await refusal(url, { knownHosts: PUSH_HOSTS, resolve: recording }), url).toBe('accepted');
    }
    expect(asked).toEqual([]);
    // A suffix is matched on a label boundary, and the apex itself is not a push endpoint.
    expect(await refusal('https://evilpush.apple.com/x', { knownHosts: PUSH_HOSTS, resolve: recording })).toBe(
      'unresolvable',
    );
    expect(await refusal('https://push.apple.com/x', { knownHosts: PUSH_HOSTS, resolve: recording })).toBe(
      'unresolvable',
    );
    expect(asked).toEqual(['evilpush.apple.com', 'push.apple.com']);
  });

  it('refuses a name whose resolver does not answer in time', async () => {
    const hanging: ResolveHost = () => new Promise(() => undefined);
    const started = Date.now();
    expect(await refusal('https://slow.example/x', { resolve: hanging })).toBe('unresolvable');
    expect(Date.now() - started).toBeLessThan(8_000);
  }, 10_000);

  it('admits loopback stand-ins, http and any port, only when allowed; never through a trailing dot', async () => {
    const stand = { ...policy, isLoopbackAllowed: true };
    for (const url of ['http://127.0.0.1:4123/push/x', 'http://localhost:4123/push/x', 'https://[::1]:8443/x']) {
      expect(await refusal(url, stand), url).toBe('accepted');
      expect(await refusal(url, policy), url).not.toBe('accepted');
    }
    expect(await refusal('http://localhost.:4123/push/x', stand)).toBe('not_https');
    expect(await refusal('https://localhost./x', stand)).toBe('host_name');
    expect(await refusal('https://127.0.0.1.nip.io/x', stand)).toBe('private_address');
  });
});

describe('isPublicAddress', () => {
  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '100.63.255.255',
    '100.128.0.1',
    '172.15.255.255',
    '172.32.0.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200a',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    '0.0.0.0',
    '0.1.2.3',
    '10.1.2.3',
    '100.64.0.1',
    '100.127.255.255',
    '127.0.0.1',
    '127.255.255.254',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.0.0.8',
    '192.0.2.1',
    '192.168.0.1',
    '198.18.0.1',
    '198.51.100.7',
    '203.0.113.9',
    '224.0.0.1',
    '240.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::127.0.0.1',
    '64:ff9b::a00:1',
    '2002:a00:1::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    'fec0::1',
    'ff02::1',
    '2001:db8::1',
    '2001::1',
    '3fff::1',
    '100::1',
    'not an address',
    '',
  ])('%s is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});

describe('sendOutbound', () => {
  let server: Server;
  let port: number;
  const received: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      received.push(`${String(req.method)} ${String(req.url)}`);
      req.resume();
      if (req.url === '/moved') res.writeHead(302, { location: `http://127.0.0.1:${String(port)}/target` }).end();
      else res.writeHead(201).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );

  const post = (url: string, policy: OutboundPolicy) =>
    sendOutbound(
      url,
      { method: 'POST', headers: { ttl: '60' }, body: new Uint8Array([1, 2, 3]), timeoutMs: 5_000 },
      policy,
    );

  it('answers the status of a redirect and follows none', async () => {
    received.length = 0;
    expect(await post(`http://127.0.0.1:${String(port)}/moved`, { isLoopbackAllowed: true })).toEqual({ status: 302 });
    expect(received).toEqual(['POST /moved']);
  });

  it('connects through its own checked look-up: localhost is reached only as a permitted stand-in', async () => {
    received.length = 0;
    const { resolve, asked } = zoneResolver({ localhost: [A('127.0.0.1')] });
    const url = `http://localhost:${String(port)}/push/x`;
    expect(await post(url, { isLoopbackAllowed: true, resolve })).toEqual({ status: 201 });
    expect(asked).toEqual(['localhost']);
    // The same name resolving elsewhere than loopback is refused at the connection.
    const elsewhere = zoneResolver({ localhost: [A('10.0.0.8')] });
    await expect(post(url, { isLoopbackAllowed: true, resolve: elsewhere.resolve })).rejects.toMatchObject({
      reason: 'private_address',
    });
    expect(received).toEqual(['POST /push/x']);
  });

  it('checks the name again when it sends: one that resolved to a public address and now to an inside one is refused', async () => {
    let answers = 0;
    // A rebinding name: public for the check, loopback afterwards.
    const rebinding: ResolveHost = (hostname) => {
      answers += 1;
      return Promise.resolve(hostname === 'rebind.example' && answers === 1 ? [A('93.184.215.14')] : [A('127.0.0.1')]);
    };
    await checkOutboundUrl('https://rebind.example/push/x', { resolve: rebinding });
    await expect(post('https://rebind.example/push/x', { resolve: rebinding })).rejects.toMatchObject({
      reason: 'private_address',
    });
    expect(answers).toBe(2);
  });

  it('refuses before any connection a URL the rules refuse', async () => {
    received.length = 0;
    const { resolve, asked } = zoneResolver();
    for (const url of [
      'https://localhost./x',
      `http://127.0.0.1:${String(port)}/push/x`, // a loopback stand-in where none is allowed
      'https://public.example:8443/x',
      'https://[::ffff:127.0.0.1]/',
    ]) {
      await expect(post(url, { resolve }), url).rejects.toBeInstanceOf(OutboundUrlRefusedError);
    }
    expect(asked).toEqual([]);
    expect(received).toEqual([]);
  });
});
