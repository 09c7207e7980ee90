import { randomBytes } from 'node:crypto';

/**
 * Entity ids: 24 hex characters (4 bytes of seconds, then 8 random bytes), the shape clients of the
 * original API expect in `_id`, sortable by creation time and unguessable.
 */
export function newId(now: Date = new Date()): string {
  const seconds = Math.floor(now.getTime() / 1000)
    .toString(16)
    .padStart(8, '0');
  return seconds + randomBytes(8).toString('hex');
}
