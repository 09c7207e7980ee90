import { describe, expect, it } from 'vitest';
import { inAppPath } from './in-app-path.ts';

describe('links that stay inside Candlewise', () => {
  it('keeps paths of the app', () => {
    expect(inAppPath('/course')).toBe('/course');
    expect(inAppPath(' /group/abc/leaderboard?tab=1 ')).toBe('/group/abc/leaderboard?tab=1');
  });
  it.each([
    '/\t/evil.example',
    '/\n/evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '//evil.example',
    'https://evil.example',
    'javascript:alert(1)',
    '/ /evil.example',
    'course',
    '',
  ])('refuses %j', (link) => {
    expect(inAppPath(link)).toBeNull();
  });
});
