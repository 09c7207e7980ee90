import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const INFO = 'candlewise broker credentials v1';
const keys = new Map<string, Buffer>();

/** A 256-bit key for broker credentials only, derived from APP_SECRET (HKDF-SHA256). */
function keyFor(appSecret: string): Buffer {
  let key = keys.get(appSecret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', appSecret, 'candlewise', INFO, 32));
    keys.set(appSecret, key);
  }
  return key;
}

/**
 * Encrypts a broker's form values with AES-256-GCM: `v1:<iv>:<tag>:<ciphertext>` in base64. The
 * owner and broker are bound in as additional data, so a ciphertext copied to another row fails.
 */
export function encryptCredentials(
  appSecret: string,
  boundTo: string,
  values: Record<string, string>,
): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(appSecret), iv);
  cipher.setAAD(Buffer.from(boundTo));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(values), 'utf8'), cipher.final()]);
  return [
    VERSION,
    iv.toString('base64'),
    cipher.getAuthTag().toString('base64'),
    ciphertext.toString('base64'),
  ].join(':');
}

export class CredentialsUnreadableError extends Error {
  constructor() {
    super('The saved broker credentials cannot be decrypted (was APP_SECRET changed?).');
    this.name = 'CredentialsUnreadableError';
  }
}

export function decryptCredentials(
  appSecret: string,
  boundTo: string,
  stored: string,
): Record<string, string> {
  const [version, iv, tag, ciphertext] = stored.split(':');
  if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new CredentialsUnreadableError();
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFor(appSecret), Buffer.from(iv, 'base64'));
    decipher.setAAD(Buffer.from(boundTo));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    const plain = Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64')), decipher.final()]);
    return JSON.parse(plain.toString('utf8')) as Record<string, string>;
  } catch {
    throw new CredentialsUnreadableError();
  }
}
