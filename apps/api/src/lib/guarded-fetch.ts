import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';

/** Why an outgoing request was not made: the address it leads to is not on the public internet. */
export class ForbiddenAddressError extends Error {
  constructor(host: string, address: string) {
    super(
      `${host} leads to ${address}, an address on a private network; the server does not fetch from there.`,
    );
    this.name = 'ForbiddenAddressError';
  }
}

/** IPv4 as a 32-bit number. */
function ipv4Number(ip: string): number {
  return ip.split('.').reduce((value, part) => value * 256 + Number(part), 0);
}

const IPV4_BLOCKED: Array<[string, number]> = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

/** IPv6 as its eight 16-bit groups, whatever the spelling (::, leading zeros, a dotted IPv4 tail). */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase().split('%')[0] ?? '';
  const dotted = text.match(/^(.*:)(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted?.[1] && dotted[2]) {
    if (isIP(dotted[2]) !== 4) return null;
    const value = ipv4Number(dotted[2]);
    text = `${dotted[1]}${(value >>> 16).toString(16)}:${(value & 0xffff).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string | undefined) =>
    (part ? part.split(':') : []).map((group) => Number.parseInt(group, 16));
  const head = parse(halves[0]);
  const tail = parse(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<number>(halves.length === 2 ? missing : 0).fill(0), ...tail];
  return groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : null;
}

const ipv4From = (high: number, low: number) => [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');

/**
 * Addresses a server-side fetch of a user-supplied URL must not reach: loopback, private, link-local
 * (cloud metadata), carrier-grade NAT, multicast and reserved ranges, in IPv4 and IPv6. An IPv4
 * address carried inside IPv6 (mapped, compatible, translated, NAT64, 6to4) is judged as that IPv4
 * address, in whichever way the IPv6 is written. Anything that is not a plain address (IPv4 in
 * decimal, octal or hex) is refused.
 */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) {
    const value = ipv4Number(address);
    return IPV4_BLOCKED.some(([base, bits]) => {
      const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
      return (value & mask) >>> 0 === (ipv4Number(base) & mask) >>> 0;
    });
  }
  if (family !== 6) return true; // not an address at all
  const groups = ipv6Groups(address);
  if (!groups) return true;
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0] = groups;
  const zeroUntil = (count: number) => groups.slice(0, count).every((group) => group === 0);
  // ::/96 (unspecified, loopback, compatible), ::ffff:0:0/96 (mapped), ::ffff:0:0:0/96 (translated)
  if (zeroUntil(5) && (f === 0 || f === 0xffff)) {
    if (f === 0 && g === 0 && h <= 1) return true; // :: and ::1
    return isForbiddenAddress(ipv4From(g, h));
  }
  if (zeroUntil(4) && e === 0xffff && f === 0) return isForbiddenAddress(ipv4From(g, h));
  if (a === 0x64 && b === 0xff9b) {
    // NAT64: the well-known prefix carries the IPv4 address; the local-use 64:ff9b:1::/48 is refused.
    if (c === 0 && d === 0 && e === 0 && f === 0) return isForbiddenAddress(ipv4From(g, h));
    return true;
  }
  if (a === 0x2002) return isForbiddenAddress(ipv4From(b, c)); // 6to4
  return (
    zeroUntil(1) || // the rest of 0::/16 (reserved)
    (a & 0xfe00) === 0xfc00 || // unique local fc00::/7 (includes fd00:ec2::254, AWS metadata)
    (a & 0xffc0) === 0xfe80 || // link-local fe80::/10
    (a & 0xffc0) === 0xfec0 || // site-local fec0::/10 (deprecated)
    (a & 0xff00) === 0xff00 || // multicast
    (a === 0x2001 && b === 0) || // Teredo: tunnels to an IPv4 address it hides
    (a === 0x100 && b === 0 && c === 0 && d === 0) // discard-only 100::/64
  );
}

/**
 * For a form that saves a URL the server will fetch later: refuses (with the same sentence as the
 * fetch would) a host that is, or resolves to, a private address. A name that does not resolve now
 * is accepted — the fetch checks again every time, which is what protects.
 */
export async function assertPublicHost(url: string, allowHosts: Iterable<string> = []): Promise<void> {
  let host: string;
  try {
    host = new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  } catch {
    return; // the schema refuses what is not a URL
  }
  if (new Set([...allowHosts].map((item) => item.toLowerCase())).has(host)) return;
  if (isIP(host)) {
    if (isForbiddenAddress(host)) throw new ForbiddenAddressError(host, host);
    return;
  }
  const addresses = await new Promise<LookupAddress[]>((resolve) =>
    dnsLookup(host, { all: true }, (error, found) => resolve(error ? [] : (found as LookupAddress[]))),
  );
  const bad = addresses.find((entry) => isForbiddenAddress(entry.address));
  if (bad) throw new ForbiddenAddressError(host, bad.address);
}

export type GuardedFetchOptions = {
  /** Hosts (names or addresses) that may lead to private addresses: tests' local servers only. */
  allowHosts?: Iterable<string>;
  maxRedirects?: number;
};

/**
 * A fetch for user-supplied URLs (news sources, future webhooks): every connection, redirects
 * included, goes only to the address checked after DNS resolution (the check runs in the socket's
 * own lookup, so a name cannot resolve to something else between check and connect).
 */
export function createGuardedFetch(options: GuardedFetchOptions = {}): typeof fetch {
  const allowed = new Set([...(options.allowHosts ?? [])].map((host) => host.toLowerCase()));
  const maxRedirects = options.maxRedirects ?? 5;

  const lookupFor =
    (host: string) =>
    (
      hostname: string,
      lookupOptions: object,
      callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
    ) => {
      dnsLookup(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
        if (error) return callback(error, []);
        const list = addresses as LookupAddress[];
        const bad = list.find((entry) => isForbiddenAddress(entry.address));
        if (bad && !allowed.has(host)) return callback(new ForbiddenAddressError(host, bad.address), []);
        if ((lookupOptions as { all?: boolean }).all) return callback(null, list);
        callback(null, list[0].address, list[0].family);
      });
    };

  const requestOnce = (url: URL, init: RequestInit): Promise<http.IncomingMessage> =>
    new Promise((resolve, reject) => {
      const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
      if (isIP(host) && isForbiddenAddress(host) && !allowed.has(host))
        return reject(new ForbiddenAddressError(host, host));
      const transport = url.protocol === 'https:' ? https : url.protocol === 'http:' ? http : null;
      if (!transport)
        return reject(new TypeError(`Only http and https addresses can be fetched (${url.protocol}).`));
      const headers = new Headers(init.headers);
      headers.set('accept-encoding', 'gzip, deflate, br');
      const request = transport.request(
        url,
        {
          method: init.method ?? 'GET',
          headers: Object.fromEntries(headers),
          lookup: lookupFor(host) as never,
          signal: init.signal ?? undefined,
        },
        resolve,
      );
      // The address actually connected to is checked too (an IP literal skips `lookup`): a
      // connection that reached a forbidden address anyway is cut before any answer is read.
      request.on('socket', (socket) => {
        const check = () => {
          const peer = socket.remoteAddress;
          if (peer && isForbiddenAddress(peer) && !allowed.has(host))
            request.destroy(new ForbiddenAddressError(host, peer));
        };
        if (socket.connecting) socket.once('connect', check);
        else check();
      });
      request.on('error', reject);
      request.end();
    });

  return (async (input: string | URL | Request, init: RequestInit = {}) => {
    let url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    for (let hop = 0; ; hop += 1) {
      const response = await requestOnce(url, init);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (status >= 300 && status < 400 && location && init.redirect !== 'manual') {
        response.resume();
        if (hop >= maxRedirects) throw new TypeError(`More than ${maxRedirects} redirects.`);
        url = new URL(location, url);
        continue;
      }
      const headers = new Headers();
      for (const [name, value] of Object.entries(response.headers)) {
        if (value === undefined) continue;
        for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
      }
      let body: Readable = response;
      const encoding = headers.get('content-encoding')?.toLowerCase();
      if (encoding === 'gzip' || encoding === 'x-gzip') body = response.pipe(zlib.createGunzip());
      else if (encoding === 'deflate') body = response.pipe(zlib.createInflate());
      else if (encoding === 'br') body = response.pipe(zlib.createBrotliDecompress());
      if (body !== response) {
        headers.delete('content-encoding');
        headers.delete('content-length');
        response.on('error', (error) => body.destroy(error));
      }
      const empty = status === 204 || status === 304 || init.method === 'HEAD';
      return new Response(empty ? null : (Readable.toWeb(body) as ReadableStream), {
        status,
        statusText: response.statusMessage,
        headers,
      });
    }
  }) as typeof fetch;
}
