import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
const lock = JSON.parse(readFileSync(`${root}package-lock.json`, 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
};
const ourNode = (JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { engines: { node: string } })
  .engines.node;
const oldestNode = semver.minVersion(ourNode)!.version; // 20.19.0

/**
 * What `npm ci` warns about on Node 20 (EBADENGINE), each kept on purpose (ADR 028,
 * docs/decisions/028-node-20-and-the-engine-warnings.md): they declare a newer Node but load on
 * 20.19+ (require() of ES modules), and the versions that declare Node 20 would cost more.
 */
const ACCEPTED: Record<string, string> = {
  'sanitize-html': 'the news sanitizer: an older one would lose fixes',
  cookie: 'light-my-request (Fastify inject); npm cannot override it without dropping the parent',
  '@axe-core/playwright': 'the e2e accessibility sweep: another version changes its rules',
  lighthouse: 'bench:web only: Lighthouse 12 would change the figures compared across runs',
  'puppeteer-core': 'bench:web only, with Lighthouse 13',
  '@puppeteer/browsers': 'bench:web only, with puppeteer-core 25',
};

function excluded(): string[] {
  const names = new Set<string>();
  for (const [where, entry] of Object.entries(lock.packages)) {
    const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
    if (!where || !range || semver.satisfies(oldestNode, range)) continue;
    names.add(where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length));
  }
  return [...names].sort();
}

describe(`the dependencies on Node ${oldestNode} (engines ${ourNode})`, () => {
  it('warn only where the decision says so', () => {
    expect(excluded()).toEqual(Object.keys(ACCEPTED).sort());
  });

  it('load and work here anyway (the runtime ones)', () => {
    const sanitize = require('sanitize-html') as (html: string) => string;
    expect(sanitize('<p onclick="x()">Hi<script>alert(1)</script></p>')).toBe('<p>Hi</p>');
    const cookie = require(require.resolve('cookie', { paths: [require.resolve('light-my-request')] })) as {
      stringifySetCookie(cookie: { name: string; value: string }): string;
    };
    expect(cookie.stringifySetCookie({ name: 'a', value: 'b c' })).toBe('a=b%20c');
  });
});
