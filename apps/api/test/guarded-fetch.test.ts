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
      'not-an-address',
    ])
      expect(isForbiddenAddress(address), address).toBe(true);
    for (const address of ['93.184.215.14', '172.32.0.1', '8.8.8.8', '2606:4700::6810:85e5'])
      expect(isForbiddenAddress(address), address).toBe(false);
  });
});

describe('the guarded fetch', () => {
  let server: Server;
  let base: string;
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

  it('fetches from an allowed host (a test server), following redirects and decoding gzip', async () => {
    const guarded = createGuardedFetch({ allowHosts: ['127.0.0.1'] });
    const response = await guarded(`${base}/redirect`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<title>Local</title>');
  });
});
