import { describe, expect, it } from 'vitest';
import { CredentialsUnreadableError, decryptCredentials, encryptCredentials } from './credential-cipher.ts';

const secret = 'test-secret-test-secret-test-secret-0123456789';

describe('broker credential encryption', () => {
  it('round-trips, hides the plaintext, and uses a fresh IV every time', () => {
    const values = { keyId: 'PKTEST123', secretKey: 'very-secret-value' };
    const first = encryptCredentials(secret, 'conn-1', values);
    const second = encryptCredentials(secret, 'conn-1', values);
    expect(first).toMatch(/^v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
    expect(first).not.toContain('very-secret-value');
    expect(first).not.toBe(second);
    expect(decryptCredentials(secret, 'conn-1', first)).toEqual(values);
  });

  it('refuses a tampered ciphertext, another row, or another APP_SECRET', () => {
    const stored = encryptCredentials(secret, 'conn-1', { accessToken: 'abc' });
    const [version, iv, tag, body] = stored.split(':');
    const flipped = Buffer.from(body, 'base64');
    flipped[0] ^= 1;
    expect(() =>
      decryptCredentials(secret, 'conn-1', [version, iv, tag, flipped.toString('base64')].join(':')),
    ).toThrow(CredentialsUnreadableError);
    expect(() => decryptCredentials(secret, 'conn-2', stored)).toThrow(CredentialsUnreadableError);
    expect(() => decryptCredentials(`${secret}-other`, 'conn-1', stored)).toThrow(CredentialsUnreadableError);
  });
});
