import { describe, expect, it } from 'vitest';
import { canSyncBroker } from './broker-access.ts';

const now = Date.UTC(2026, 10, 21);
const inDays = (days: number) => Math.floor(now / 1000) + days * 86_400;

describe('canSyncBroker', () => {
  it('lets Pro learners and admins sync, and no one else', () => {
    expect(canSyncBroker({ role: 'user', planStatus: 'active', planExpirationDate: inDays(20) }, now)).toBe(
      true,
    );
    expect(canSyncBroker({ role: 'user', planStatus: 'canceled', planExpirationDate: inDays(2) }, now)).toBe(
      true,
    );
    expect(canSyncBroker({ role: 'user', planStatus: 'canceled', planExpirationDate: inDays(-1) }, now)).toBe(
      false,
    );
    expect(canSyncBroker({ role: 'user', planStatus: 'Not Subscribed', planExpirationDate: null }, now)).toBe(
      false,
    );
    expect(
      canSyncBroker({ role: 'admin', planStatus: 'Not Subscribed', planExpirationDate: null }, now),
    ).toBe(true);
  });
});
