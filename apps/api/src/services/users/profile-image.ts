import { randomBytes } from 'node:crypto';
import { type Database, type UserRow, users } from '@candlewise/db';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import type { FileStorage } from '../../providers/storage/file-storage.ts';

export const PROFILE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

export type ImageType = { extension: 'png' | 'jpg' | 'webp'; contentType: string };

/** The type by the file's first bytes, never by its name or the declared type. */
export function sniffImageType(bytes: Buffer): ImageType | null {
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return { extension: 'png', contentType: 'image/png' };
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return { extension: 'jpg', contentType: 'image/jpeg' };
  }
  if (
    bytes.length >= 12 &&
    bytes.toString('ascii', 0, 4) === 'RIFF' &&
    bytes.toString('ascii', 8, 12) === 'WEBP'
  ) {
    return { extension: 'webp', contentType: 'image/webp' };
  }
  return null;
}

export const contentTypeByExtension: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};

/** Stores a new avatar under a fresh name (old URLs never show the new picture) and removes the old file. */
export async function setProfileImage(
  db: Database,
  storage: FileStorage,
  user: UserRow,
  bytes: Buffer,
): Promise<UserRow> {
  const type = sniffImageType(bytes);
  if (!type) {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Upload a PNG, JPEG or WebP image.');
  }
  const key = `avatars/${user.id}-${randomBytes(6).toString('hex')}.${type.extension}`;
  await storage.put(key, bytes);
  const [updated] = await db
    .update(users)
    .set({ profileImageUrl: `/api/v1/uploads/${key}`, updatedAt: new Date() })
    .where(eq(users.id, user.id))
    .returning();
  const previous = user.profileImageUrl?.match(/^\/api\/v1\/uploads\/(avatars\/[a-z0-9-]+\.[a-z]+)$/)?.[1];
  if (previous) await storage.delete(previous).catch(() => undefined);
  return updated;
}
