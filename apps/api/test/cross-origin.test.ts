import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createTestApp, type TestApp } from './helper.ts';

const base = { NODE_ENV: 'test', APP_SECRET: 'test-secret-test-secret-test-secret-0123456789' } as const;
const allowed = 'https://learn.example.org';
const refused = 'https://evil.example.net';

const preflight = (t: TestApp, origin: string) =>
  t.app.inject({
    method: 'OPTIONS',
    url: '/api/v1/auth/login',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type, authorization',
    },
  });

describe('a web client on another origin (CORS_ORIGINS)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ corsOrigins: loadConfig({ ...base, CORS_ORIGINS: allowed }).corsOrigins });
  });
  afterAll(() => t.close());

  it('answers an allowed origin’s preflight with that origin, the method and the headers it asked for', async () => {
    const response = await preflight(t, allowed);
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(allowed);
    expect(String(response.headers['access-control-allow-methods'])).toContain('POST');
    expect(String(response.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    // Sessions travel in the Authorization header, never in cookies: no credentials mode.
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('lets an allowed origin read the answer, and what a limit says (Retry-After)', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { origin: allowed },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe(allowed);
    expect(String(response.headers['access-control-expose-headers']).toLowerCase()).toContain('retry-after');
    expect(String(response.headers.vary).toLowerCase()).toContain('origin');
  });

  it('gives a refused origin no Access-Control header, on the preflight or the answer', async () => {
    const answers = [
      await preflight(t, refused),
      await t.app.inject({ method: 'GET', url: '/api/v1/health', headers: { origin: refused } }),
    ];
    for (const response of answers) {
      const granted = Object.keys(response.headers).filter((name) => name.startsWith('access-control-'));
      expect(granted).toEqual([]);
    }
  });
});

describe('without CORS_ORIGINS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('allows no other origin', async () => {
    const response = await preflight(t, allowed);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('CORS_ORIGINS', () => {
  it('takes exact origins, comma-separated, and is empty by default', () => {
    expect(loadConfig(base).corsOrigins).toEqual([]);
    expect(
      loadConfig({ ...base, CORS_ORIGINS: 'https://learn.example.org, http://localhost:5173' }).corsOrigins,
    ).toEqual(['https://learn.example.org', 'http://localhost:5173']);
  });

  it('refuses a wildcard, a path or anything that is not an origin, naming the variable', () => {
    for (const value of [
      '*',
      'https://*.example.org',
      'https://learn.example.org/',
      'learn.example.org',
      'ftp://x.org',
    ]) {
      expect(() => loadConfig({ ...base, CORS_ORIGINS: value }), value).toThrow(/CORS_ORIGINS/);
    }
  });
});
