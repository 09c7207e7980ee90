import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createTestApp, type TestApp } from './helper.ts';

/**
 * A normal reverse proxy on loopback: it forwards every request to the API and APPENDS the address
 * it saw the client at to X-Forwarded-For, keeping whatever the client wrote there before it.
 */
function appendingProxy(target: number): Promise<Server> {
  const proxy = createServer((incoming, outgoing) => {
    const before = incoming.headers['x-forwarded-for'];
    const forwardedFor = [before, incoming.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port: target,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, 'x-forwarded-for': forwardedFor },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    incoming.pipe(upstream);
  });
  return new Promise((resolve) => proxy.listen(0, '127.0.0.1', () => resolve(proxy)));
}

const base = { NODE_ENV: 'test', APP_SECRET: 'test-secret-test-secret-test-secret-0123456789' } as const;

describe('the client address behind a proxy (TRUST_PROXY)', () => {
  let t: TestApp;
  let proxy: Server;
  let proxyUrl: string;
  beforeAll(async () => {
    // TRUST_PROXY=true, as the README used to suggest for "behind a load balancer".
    t = await createTestApp({ trustProxy: loadConfig({ ...base, TRUST_PROXY: 'true' }).trustProxy });
    t.app.get('/api/v1/test-only/address', async (request) => ({ address: request.ip }));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    proxy = await appendingProxy((t.app.server.address() as AddressInfo).port);
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => proxy.close(resolve));
    await t.close();
  });

  /**
   * Through the proxy from the loopback address `from`, claiming to come from `claimed`. Node's
   * fetch cannot choose its local address, so this is plain http.request.
   */
  const send = (method: string, path: string, from: string, claimed: string, body?: object) =>
    new Promise<{ status: number; headers: Record<string, unknown>; json: unknown }>((resolve, reject) => {
      const outgoing = httpRequest(
        `${proxyUrl}/api/v1${path}`,
        {
          method,
          localAddress: from,
          headers: { 'content-type': 'application/json', 'x-forwarded-for': claimed },
        },
        (answer) => {
          let text = '';
          answer.setEncoding('utf8');
          answer.on('data', (chunk) => {
            text += chunk;
          });
          answer.on('end', () =>
            resolve({ status: answer.statusCode ?? 0, headers: answer.headers, json: JSON.parse(text) }),
          );
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body ? JSON.stringify(body) : undefined);
    });
  const post = (path: string, body: object, claimed: string, from = '127.0.0.2') =>
    send('POST', path, from, claimed, body);

  it('sees the address the proxy saw, not the proxy and not what the client wrote', async () => {
    expect((await send('GET', '/test-only/address', '127.0.0.2', '203.0.113.9')).json).toEqual({
      address: '127.0.0.2',
    });
    expect((await send('GET', '/test-only/address', '127.0.0.3', '203.0.113.9')).json).toEqual({
      address: '127.0.0.3',
    });
  });

  it('counts sign-ups by the address the proxy saw, whatever the client writes in X-Forwarded-For', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 11; index += 1) {
      const response = await post(
        '/auth/signup',
        { email: `proxied-${index}@example.com`, password: 'a-long-enough-password' },
        `203.0.113.${index + 1}`,
      );
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses[10]).toBe(429);
    // Another client behind the same proxy is not held back by the first one's sign-ups.
    const other = await post(
      '/auth/signup',
      { email: 'proxied-other@example.com', password: 'a-long-enough-password' },
      '203.0.113.1',
      '127.0.0.3',
    );
    expect(other.status).toBe(201);
  }, 120_000);

  it('counts wrong passwords by the address the proxy saw', async () => {
    let last: Awaited<ReturnType<typeof post>> | undefined;
    for (let index = 0; index < 31; index += 1) {
      last = await post(
        '/auth/login',
        { email: `nobody-${index}@example.com`, password: 'wrong-password' },
        `198.51.100.${index + 1}`,
      );
    }
    expect(last?.status).toBe(429);
    expect(last?.headers['retry-after']).toMatch(/^\d+$/);
  }, 120_000);
});

describe('TRUST_PROXY', () => {
  it('takes a number of proxies, a list of proxy addresses, or nothing', () => {
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
  });

  it('refuses anything else with a message naming the variable', () => {
    for (const value of ['yes', '0', '-1', '10.0.0.300', 'proxy.example.com']) {
      expect(() => loadConfig({ ...base, TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
    }
  });
});
