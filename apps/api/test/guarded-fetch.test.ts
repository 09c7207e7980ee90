import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedFetch, ForbiddenAddressError, isForbiddenAddress } from '../src/lib/guarded-fetch.ts';

describe('addresses a server-side fetch must not reach', () => {
  it('refuses loopback, private, link-local, metadata and reserved addresses, v4 and v6', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00:ec2::254',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      // Every other spelling of a private IPv4 address inside IPv6.
      '::ffff:7f00:1', // mapped, as URL writes [::ffff:127.0.0.1]
      '0:0:0:0:0:ffff:7f00:1',
      '0000:0000:0000:0000:0000:FFFF:0A00:0001',
      '::127.0.0.1', // compatible (deprecated)
      '::7f00:1',
      '::ffff:0:7f00:1', // translated
      '64:ff9b::7f00:1', // NAT64 to loopback
      '64:ff9b::a9fe:a9fe', // NAT64 to the metadata address
      '2002:7f00:1::1', // 6to4 of loopback
      '2002:a00:1::', // 6to4 of 10.0.0.1
      // IPv4 written in decimal, octal or hex: not an address as written, so refused too.
      '2130706433',
      '0x7f.1',
      '0177.0.0.1',
      'not-an-address',
    ])
      expect(isForbiddenAddress(address), address).toBe(true);
    for (const address of [
      '93.184.215.14',
      '172.32.0.1',
      '8.8.8.8',
      '2606:4700::6810:85e5',
      '::ffff:8.8.8.8',
      '::ffff:808:808',
      '64:ff9b::808:808',
      '2002:808:808::1',
    ])
      expect(isForbiddenAddress(address), address).toBe(false);
  });
});

describe('the guarded fetch', () => {
  let server: Server;
  let base: string;
  let connections = 0;
  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === '/redirect') {
        response.writeHead(302, { location: `${base}/feed` });
        response.end();
        return;
      }
      response.writeHead(200, { 'content-type': 'application/xml', 'content-encoding': 'gzip' });
      response.end(gzipSync('<rss version="2.0"><channel><title>Local</title></channel></rss>'));
    });
    server.on('connection', () => {
      connections += 1;
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('refuses a URL on this machine, by address or by a name that resolves to it', async () => {
    const guarded = createGuardedFetch();
    await expect(guarded(`${base}/feed`)).rejects.toBeInstanceOf(ForbiddenAddressError);
    const port = (server.address() as AddressInfo).port;
    await expect(guarded(`http://localhost:${port}/feed`)).rejects.toThrow(/private network/);
  });

  it('refuses this machine however its address is written, before connecting, with one error', async () => {
    const guarded = createGuardedFetch({ allowHosts: ['localhost'] });
    const port = (server.address() as AddressInfo).port;
    const before = connections;
    for (const host of [
      '[::ffff:127.0.0.1]',
      '[::ffff:7f00:1]',
      '[0:0:0:0:0:ffff:7f00:1]',
      '[::127.0.0.1]',
      '[64:ff9b::7f00:1]',
      '2130706433',
      '0x7f.1',
      '0177.0.0.1',
      '127.1',
    ]) {
      const refused = await guarded(`http://${host}:${port}/feed`).then(
        () => null,
        (error: Error) => error,
      );
      expect(refused, host).toBeInstanceOf(ForbiddenAddressError);
      expect(refused?.message, host).toMatch(
        /an address on a private network; the server does not fetch from there\.$/,
      );
    }
    expect(connections).toBe(before);
  });

  it('fetches from an allowed host (a test server), following redirects and decoding gzip', async () => {
    const guarded = createGuardedFetch({ allowHosts: ['127.0.0.1'] });
    const response = await guarded(`${base}/redirect`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<title>Local</title>');
  });
});
