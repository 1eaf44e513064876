import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';

// Requests to a URL a user chose (today: push endpoints). The server makes them from inside the operator's network,
// so a URL must not lead there: https on the standard port to a host name, and every address that name resolves to
// public, checked when the URL is given AND when the connection is made (a name can change, or answer differently
// the second time), with no redirect followed. docs/decisions/065.

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Every address of a host name; `dns.promises.lookup` (what connections use) by default, another in tests. */
export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;

const resolveWithDns: ResolveHost = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export interface OutboundPolicy {
  /**
   * Names accepted without a look-up when the URL is given: exact (`fcm.googleapis.com`) or any name below a suffix
   * (`*.push.apple.com`). Their connections are still held to public addresses.
   */
  knownHosts?: readonly string[];
  /** http or https, any port, to localhost/127.0.0.1/[::1]: local stand-ins (tests, PUSH_ALLOW_LOOPBACK). */
  isLoopbackAllowed?: boolean;
  resolve?: ResolveHost;
}

/**
 * Why a URL is refused. `shape` ones hold for good (the URL itself is wrong); `address` ones depend on what the name
 * resolves to now.
 */
export type OutboundRefusal =
  'not_a_url' | 'not_https' | 'credentials' | 'port' | 'ip_literal' | 'host_name' | 'unresolvable' | 'private_address';

const ADDRESS_REFUSALS: ReadonlySet<OutboundRefusal> = new Set(['unresolvable', 'private_address']);

/** A refused outbound URL. The message never holds the URL or its host (it may identify a person's device). */
export class OutboundUrlRefusedError extends Error {
  readonly code = 'ERR_OUTBOUND_URL_REFUSED';

  constructor(readonly reason: OutboundRefusal) {
    super(`outbound URL refused: ${reason}`);
    this.name = 'OutboundUrlRefusedError';
  }

  /** Whether the name's addresses were the problem (it may resolve elsewhere later), not the URL itself. */
  get isAboutAddresses(): boolean {
    return ADDRESS_REFUSALS.has(this.reason);
  }
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const RESOLVE_TIMEOUT_MS = 5_000;

// --- addresses -----------------------------------------------------------------------------------------------------

function ipv4Bytes(address: string): number[] | null {
  const parts = address.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part))) return null;
  const bytes = parts.map(Number);
  return bytes.every((byte) => byte <= 255) ? bytes : null;
}

/** The 16 bytes of an IPv6 address (`::`, an IPv4 tail and a zone allowed), null for anything else. */
function ipv6Bytes(address: string): number[] | null {
  let text = address.split('%')[0] ?? '';
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (tail) {
    const v4 = ipv4Bytes(tail);
    if (!v4) return null;
    const [a = 0, b = 0, c = 0, d = 0] = v4;
    text = `${text.slice(0, -tail.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (half: string | undefined) => (half ? half.split(':') : []);
  const head = groupsOf(halves[0]);
  const rest = groupsOf(halves[1]);
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return null;
  return groups.flatMap((group) => {
    const value = Number.parseInt(group, 16);
    return [value >> 8, value & 0xff];
  });
}

/** Public unicast IPv4: not this-network, private, CGNAT, loopback, link-local, documentation, benchmarking, multicast, reserved. */
function isPublicIpv4([a = 0, b = 0, c = 0]: number[]): boolean {
  if (a === 0 || a === 10 || a === 127 || a >= 224) return false;
  if (a === 100 && b >= 64 && b <= 127) return false;
  if (a === 169 && b === 254) return false;
  if (a === 172 && b >= 16 && b <= 31) return false;
  if (a === 192 && (b === 168 || (b === 0 && (c === 0 || c === 2)))) return false;
  if (a === 198 && (b === 18 || b === 19 || (b === 51 && c === 100))) return false;
  if (a === 203 && b === 0 && c === 113) return false;
  return true;
}

/**
 * Whether an address is on the public internet. IPv6: global unicast (2000::/3) only, less documentation and the IETF
 * special block; an IPv4 inside IPv6 (mapped ::ffff:0:0/96, NAT64 64:ff9b::/96, 6to4 2002::/16) is judged as that
 * IPv4. Loopback, unspecified, unique-local, link-local, site-local and multicast fall outside 2000::/3.
 */
export function isPublicAddress(address: string): boolean {
  const kind = isIP(address.split('%')[0] ?? '');
  if (kind === 4) {
    const bytes = ipv4Bytes(address);
    return bytes !== null && isPublicIpv4(bytes);
  }
  if (kind !== 6) return false;
  const bytes = ipv6Bytes(address);
  if (!bytes) return false;
  const startsWith = (prefix: number[]) => prefix.every((byte, index) => bytes[index] === byte);
  if (
    startsWith([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff]) ||
    startsWith([0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0])
  ) {
    return isPublicIpv4(bytes.slice(12));
  }
  const [first = 0, second = 0, third = 0, fourth = 0] = bytes;
  if (first === 0x20 && second === 0x02) return isPublicIpv4(bytes.slice(2, 6));
  if ((first & 0xe0) !== 0x20) return false;
  if (first === 0x20 && second === 0x01 && third === 0x0d && fourth === 0xb8) return false; // 2001:db8::/32
  if (first === 0x20 && second === 0x01 && third < 0x02) return false; // 2001::/23 (Teredo, benchmarking, ORCHID…)
  if (first === 0x3f && second === 0xff && third < 0x10) return false; // 3fff::/20, documentation
  return true;
}

const isLoopbackAddress = (address: string) =>
  address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new OutboundUrlRefusedError('unresolvable')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Every address of `hostname`, refused unless all of them are public (loopback too for `localhost` when allowed). */
async function resolvePublic(hostname: string, policy: OutboundPolicy): Promise<ResolvedAddress[]> {
  let addresses: ResolvedAddress[];
  try {
    addresses = await withTimeout((policy.resolve ?? resolveWithDns)(hostname), RESOLVE_TIMEOUT_MS);
  } catch {
    throw new OutboundUrlRefusedError('unresolvable');
  }
  if (addresses.length === 0) throw new OutboundUrlRefusedError('unresolvable');
  const isLoopbackName = policy.isLoopbackAllowed === true && hostname === 'localhost';
  const isAllowed = ({ address }: ResolvedAddress) =>
    isPublicAddress(address) || (isLoopbackName && isLoopbackAddress(address));
  if (!addresses.every(isAllowed)) throw new OutboundUrlRefusedError('private_address');
  return addresses;
}

// --- URLs ----------------------------------------------------------------------------------------------------------

const isKnownHost = (hostname: string, knownHosts: readonly string[] = []) =>
  knownHosts.some((known) =>
    known.startsWith('*.')
      ? hostname.endsWith(known.slice(1)) && hostname.length > known.length - 1
      : hostname === known,
  );

const isLoopbackStandIn = (url: URL, policy: OutboundPolicy) =>
  policy.isLoopbackAllowed === true &&
  LOOPBACK_HOSTS.has(url.hostname) &&
  (url.protocol === 'http:' || url.protocol === 'https:');

/**
 * What can be told from the URL alone: https, no credentials, the standard port, a host name (not an IP literal,
 * which the URL parser also makes of `127.1` or `0x7f.1`) with a dot and no trailing one (`localhost.` is localhost).
 */
function parseOutboundUrl(raw: string, policy: OutboundPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundUrlRefusedError('not_a_url');
  }
  if (url.username || url.password) throw new OutboundUrlRefusedError('credentials');
  if (isLoopbackStandIn(url, policy)) return url;
  if (url.protocol !== 'https:') throw new OutboundUrlRefusedError('not_https');
  if (url.port !== '') throw new OutboundUrlRefusedError('port'); // the parser leaves 443 out for https
  const host = url.hostname;
  if (host.startsWith('[') || isIP(host) !== 0) throw new OutboundUrlRefusedError('ip_literal');
  if (!host.includes('.') || host.endsWith('.') || host === 'localhost' || host.endsWith('.localhost')) {
    throw new OutboundUrlRefusedError('host_name');
  }
  return url;
}

/**
 * Checks a URL a user gives (before it is stored): its shape, then its host is a known one or resolves only to
 * public addresses. Throws OutboundUrlRefusedError.
 */
export async function checkOutboundUrl(raw: string, policy: OutboundPolicy = {}): Promise<URL> {
  const url = parseOutboundUrl(raw, policy);
  if (isLoopbackStandIn(url, policy) || isKnownHost(url.hostname, policy.knownHosts)) return url;
  await resolvePublic(url.hostname, policy);
  return url;
}

/**
 * The connection's own look-up: the addresses it connects to are the ones checked, so a name cannot resolve to a
 * public address for the check and to an inside one for the connection (DNS rebinding).
 */
function guardedLookup(policy: OutboundPolicy): LookupFunction {
  return (hostname, options, callback) => {
    resolvePublic(hostname, policy).then(
      (addresses) => {
        const family = options.family === 'IPv6' ? 6 : options.family === 'IPv4' ? 4 : options.family;
        const chosen = addresses.find((candidate) => !family || candidate.family === family);
        if (options.all) callback(null, addresses);
        else if (chosen) callback(null, chosen.address, chosen.family);
        else callback(new OutboundUrlRefusedError('unresolvable'), '', 0);
      },
      (error: unknown) => callback(error as NodeJS.ErrnoException, '', 0),
    );
  };
}

interface OutboundRequest {
  method: string;
  headers: Record<string, string>;
  body?: Uint8Array;
  timeoutMs: number;
}

/**
 * Sends one request to a user-supplied URL and answers its status; the response body is discarded. The URL is
 * checked again (it may have been stored under older rules) and the connection goes only to checked addresses. A 3xx
 * is an answer like any other: no redirect is followed (node:http follows none). Throws OutboundUrlRefusedError, or
 * the connection's error.
 */
export async function sendOutbound(
  raw: string,
  request: OutboundRequest,
  policy: OutboundPolicy = {},
): Promise<{ status: number }> {
  const url = parseOutboundUrl(raw, policy);
  const client = url.protocol === 'https:' ? https : http;
  const headers = { ...request.headers, 'content-length': String(request.body?.byteLength ?? 0) };
  return new Promise((resolve, reject) => {
    const outgoing = client.request(
      url,
      {
        method: request.method,
        headers,
        lookup: guardedLookup(policy),
        // Each request connects anew through the checked look-up; no socket is kept for a later one.
        agent: false,
        signal: AbortSignal.timeout(request.timeoutMs),
      },
      (response) => {
        response.resume();
        resolve({ status: response.statusCode ?? 0 });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}
